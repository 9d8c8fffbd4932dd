import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ChapterPartType } from '../../domain/chapterParts';

/** A part's content as the editors hold it: the API's shape for its type (API.md, content by type). */
export type PartContent = Record<string, unknown>;

export interface PartPreviewProps {
  content: PartContent;
}

/**
 * One part type of the registry (./registry.ts): what its folder gives. Its label is the type's choice
 * label, `choices.partType.<type>`, so the list, the filters and the editors name it the same way.
 */
export interface PartTypeDefinition {
  type: ChapterPartType;
  icon: SvgIconComponent;
  /** The content a new part of this type starts from: the shape, with its required fields still to fill. */
  empty: () => PartContent;
  /** The inputs of `content.*`, inside the part's form. */
  Editor: ComponentType;
  /** What the learner sees. Must stay inert whatever the content holds (no script, no http frame). */
  Preview: ComponentType<PartPreviewProps>;
  /** One line for the parts list: the question, the address, the text's start... */
  summary: (content: PartContent) => string;
}

/** A text value of a content, or '' (the content comes from the API: anything may be there). */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
