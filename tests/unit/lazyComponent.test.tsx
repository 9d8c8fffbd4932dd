// @vitest-environment jsdom
import { Component, type ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '../../src/custom/lazyComponent';

function Greeting({ name }: { name: string }) {
  return <p>Bonjour {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>Erreur : {this.state.error.message}</p> : this.props.children;
  }
}

/** A load the test settles by hand. */
function deferredLoad() {
  let settle!: { resolve: (component: typeof Greeting) => void; reject: (error: Error) => void };
  const load = vi.fn(() => new Promise<typeof Greeting>((resolve, reject) => (settle = { resolve, reject })));
  return { load, settle: () => settle };
}

afterEach(cleanup);

describe('lazyComponent', () => {
  it('shows its fallback, then the component with its props once the code is in', async () => {
    const { load, settle } = deferredLoad();
    const Lazy = lazyComponent(load, <p>Chargement</p>);
    render(<Lazy name="Ada" />);
    expect(screen.getByText('Chargement')).toBeTruthy();
    await act(async () => settle().resolve(Greeting));
    expect(screen.getByText('Bonjour Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once when preloaded, and loads only once however often it is asked', async () => {
    const { load, settle } = deferredLoad();
    const Lazy = lazyComponent(load, <p>Chargement</p>);
    const first = Lazy.preload();
    void Lazy.preload();
    settle().resolve(Greeting);
    await first;
    render(<Lazy name="Grace" />);
    expect(screen.getByText('Bonjour Grace')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands a failed load to the error boundary, and tries again on the next mount', async () => {
    const { load, settle } = deferredLoad();
    const Lazy = lazyComponent(load);
    const { unmount } = render(
      <Boundary>
        <Lazy name="Ada" />
      </Boundary>,
    );
    await act(async () => settle().reject(new Error('chunk introuvable')));
    expect(screen.getByText('Erreur : chunk introuvable')).toBeTruthy();
    unmount();

    render(<Lazy name="Ada" />);
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => settle().resolve(Greeting));
    expect(screen.getByText('Bonjour Ada')).toBeTruthy();
  });
});
