import { ResourceCreate } from '../../custom/crud/ResourceCreate';
import { ResourceEdit } from '../../custom/crud/ResourceEdit';
import { PartForm } from '../../custom/chapterParts/PartForm';
import { config } from './screens';

/** The chapter parts' create and edit pages: the generic screens (stale writes, redirects) with the part form. */
export function PartCreate() {
  return <ResourceCreate config={config} form={<PartForm />} />;
}

export function PartEdit() {
  return <ResourceEdit config={config} form={<PartForm />} />;
}
