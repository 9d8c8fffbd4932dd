import { Create, Edit, type Identifier } from 'react-admin';
import type { ScreensConfig } from './fieldSpec';
import { ResourceForm } from './ResourceForm';
import { ResourceList } from './ResourceList';
import { ResourceShow } from './ResourceShow';

export interface Screens {
  /** The declaration the screens were made from (read by the translation check too). */
  config: ScreensConfig;
  List: () => React.JSX.Element;
  Show: (props: { id?: Identifier }) => React.JSX.Element;
  Edit: () => React.JSX.Element;
  Create: () => React.JSX.Element;
}

/** A resource's four standard screens from its field declarations. */
export function screensFor(config: ScreensConfig): Screens {
  return {
    config,
    List: () => <ResourceList config={config} />,
    Show: ({ id }) => <ResourceShow config={config} id={id} />,
    // Pessimistic: a save waits for the server, so its violations land on the fields; a delete asks first.
    Edit: () => (
      <Edit mutationMode="pessimistic" redirect="list">
        <ResourceForm config={config} mode="edit" />
      </Edit>
    ),
    Create: () => (
      <Create redirect="list">
        <ResourceForm config={config} mode="create" />
      </Create>
    ),
  };
}
