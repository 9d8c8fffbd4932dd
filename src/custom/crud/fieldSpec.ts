import type { ComponentType, ReactElement } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import { isSearchable } from '../../domain/contracts/index';

/**
 * How a resource's standard screens show and edit one field, so that every resource is usable the
 * standard way. Each resource folder declares its fields once; the list, show, create and edit screens read them.
 */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'email'
  | 'url'
  | 'color'
  | 'number'
  | 'boolean'
  | 'date'
  | 'enum'
  | 'reference'
  | 'references'
  | 'json'
  | 'password'
  | 'summary'
  | 'list';

/** Where a field is shown: a list's cell (one line) or a show page. */
export type FieldPlace = 'list' | 'show';

export interface FieldRenderProps {
  source: string;
  place: FieldPlace;
}

export interface FieldSpec {
  source: string;
  kind: FieldKind;
  /** The resource a `reference` / `references` points at, or a `summary` names (its filter picks among them). */
  reference?: string;
  /** Enum values, and the group of their labels (`choices.<group>.<value>`). */
  choices?: readonly (string | number)[];
  choiceGroup?: string;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** A column of the list. */
  column?: boolean;
  /** The server orders on it. */
  sortable?: boolean;
  /** A filter of the list (`alwaysOn` shows it without asking). */
  filter?: boolean | 'alwaysOn';
  /** Written by the server only: shown, never an input. */
  readOnly?: boolean;
  /** An input on create only (a password). */
  createOnly?: boolean;
  /** Shows the value its own way (a chapter part's summary in a list, its preview in a show page). */
  render?: ComponentType<FieldRenderProps>;
  /** Edited with this input rather than its kind's (a Markdown text with its preview). */
  editor?: ComponentType<{ source: string }>;
}

/**
 * What a list's line shows of a record on a phone, where its derived one reads poorly (phoneLine.ts): the
 * fields shown under their labels after the title, and those shown as they are beside it (a status chip,
 * a due badge). Each a field of the resource's screens.
 */
export interface PhoneLineDeclaration<Source extends string = string> {
  facts?: readonly Source[];
  status?: readonly Source[];
}

/** A resource's standard screens, as `screensOf` reads its folder's declaration with its contract. */
export interface ScreensConfig {
  /** The resource whose contract the fields were read with. */
  resource: string;
  fields: readonly FieldSpec[];
  /** The contract searches (`q`): a search box on the list. */
  search?: boolean;
  /** Filters of the list beyond one per field (e.g. the tickets' "À relancer aujourd'hui"). */
  extraFilters?: readonly ReactElement[];
  /** What the contract offers beyond list and show. */
  create?: boolean;
  /** Where a new record's creation lands, below the app's basename; its list by default. */
  createdPage?: (id: Identifier) => string;
  edit?: boolean;
  delete?: boolean;
  /** A delete from the list asks first instead of offering an undo (a document's file goes for good). */
  confirmDelete?: boolean;
  /** Above the list, inside its context (an upload zone). */
  listHeader?: ComponentType;
  /** What a list without any row (and no filter on) shows, instead of react-admin's "no records yet" page. */
  listEmpty?: ComponentType;
  /** The filters a list opens with (the journal leaves sign-ins out until asked). */
  filterDefaultValues?: Record<string, unknown>;
  /** A last column of buttons on each row (download, activate), in the row's record context. */
  rowActions?: ComponentType;
  /** Buttons above a record's fields on its page (the side panel's `infos`), in its record context. */
  showActions?: ComponentType;
  /**
   * What a click on a row opens in the side panel instead of the row's own record: an audit log entry
   * opens the record it names. Undefined: the row itself.
   */
  rowOpens?: (record: RaRecord) => { resource: string; id: Identifier } | undefined;
  /** A phone's line of the list, where the one derived from the columns reads poorly. */
  phoneLine?: PhoneLineDeclaration;
}

/** Rows on a page of every list. */
export const LIST_PER_PAGE = 25;

/** What an autocomplete of `reference` sends as the user types: `q` where its contract searches. */
export const searchOf = (reference: string) => (text: string) => (isSearchable(reference) && text ? { q: text } : {});
