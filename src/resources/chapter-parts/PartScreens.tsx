import { config } from '../../resources/chapter-parts/screens';
import { ResourceCreate } from '../crud/ResourceCreate';
import { ResourceEdit } from '../crud/ResourceEdit';
import { PartForm } from './PartForm';

/** The chapter parts' create and edit pages: the generic screens (stale writes, redirects) with the part form. */
export function PartCreate() {
  return <ResourceCreate config={config} form={<PartForm />} />;
}

export function PartEdit() {
  return <ResourceEdit config={config} form={<PartForm />} />;
}
