import { createElement, type ComponentType } from 'react';
import DefaultIcon from '@mui/icons-material/ViewList';
import { MenuItemLink, useCreatePath, useGetResourceLabel, type ResourceDefinition } from 'react-admin';

/**
 * A resource's entry in the menu: react-admin's Menu.ResourceItem without its own access check (the menu
 * has done it at once for the whole section; each item's check was a react-query round and a render more).
 * Its `options.menuBadge`, if any, shows after the name.
 */
export function ResourceMenuLink({ resource }: { resource: ResourceDefinition }) {
  const createPath = useCreatePath();
  const getResourceLabel = useGetResourceLabel();
  // A resource may show a live figure beside its name (the tickets: how many wait for an answer).
  const badge = resource.options?.menuBadge as ComponentType | undefined;
  return (
    <MenuItemLink
      to={createPath({ resource: resource.name, type: 'list' })}
      state={{ _scrollToTop: true }}
      primaryText={
        <>
          {getResourceLabel(resource.name, 2)}
          {badge && createElement(badge)}
        </>
      }
      leftIcon={createElement(resource.icon ?? DefaultIcon)}
    />
  );
}
