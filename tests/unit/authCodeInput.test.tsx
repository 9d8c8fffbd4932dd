// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodeInput, emptyCode, fillCode } from '../../src/custom/auth/CodeInput.tsx';

function Harness() {
  const [code, setCode] = useState(emptyCode);
  return (
    <>
      <span id="label">Code</span>
      <CodeInput value={code} onChange={setCode} labelledBy="label" />
      <output data-testid="code">{code.join(',')}</output>
    </>
  );
}

// Without an i18n provider, react-admin's translate answers the key: the boxes are named by it.
const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const code = () => screen.getByTestId('code').textContent;

afterEach(cleanup);

describe('the six code boxes', () => {
  it('fills from a box and stops at the last', () => {
    expect(fillCode(emptyCode(), 4, '123')).toEqual(['', '', '', '', '1', '2']);
  });

  it('are one numeric box a digit, in a named group, the first one focused', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(6);
    expect(screen.getByRole('group').getAttribute('aria-labelledby')).toBe('label');
    for (const box of boxes()) expect(box.getAttribute('inputmode')).toBe('numeric');
    expect(boxes()[0].getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('move on after each digit, ignore other characters, and go back on Backspace', () => {
    render(<Harness />);
    fireEvent.change(boxes()[0], { target: { value: '4' } });
    expect(document.activeElement).toBe(boxes()[1]);
    fireEvent.change(boxes()[1], { target: { value: 'a' } });
    expect(code()).toBe('4,,,,,');
    fireEvent.change(boxes()[1], { target: { value: '2' } });
    expect(document.activeElement).toBe(boxes()[2]);
    fireEvent.keyDown(boxes()[2], { key: 'Backspace' });
    expect(code()).toBe('4,,,,,');
    expect(document.activeElement).toBe(boxes()[1]);
    fireEvent.keyDown(boxes()[1], { key: 'ArrowRight' });
    expect(document.activeElement).toBe(boxes()[2]);
  });

  it('replace a digit typed over, wherever the caret was', () => {
    render(<Harness />);
    fireEvent.change(boxes()[0], { target: { value: '4' } });
    fireEvent.change(boxes()[0], { target: { value: '47' } });
    expect(code()).toBe('7,,,,,');
  });

  it('take a pasted code in every box, whatever box has the focus', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[2], { clipboardData: { getData: () => ' 123 456 ' } });
    expect(code()).toBe('1,2,3,4,5,6');
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it('take a whole code autofilled into one box', () => {
    render(<Harness />);
    fireEvent.change(boxes()[0], { target: { value: '654321' } });
    expect(code()).toBe('6,5,4,3,2,1');
  });
});
