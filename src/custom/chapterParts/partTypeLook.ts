import AssignmentIcon from '@mui/icons-material/Assignment';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import ImageIcon from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import MovieIcon from '@mui/icons-material/Movie';
import NotesIcon from '@mui/icons-material/Notes';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import ShortTextIcon from '@mui/icons-material/ShortText';
import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import SubjectIcon from '@mui/icons-material/Subject';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import WebIcon from '@mui/icons-material/Web';
import YouTubeIcon from '@mui/icons-material/YouTube';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ChapterPartType } from '../../domain/chapterParts';
import { isChapterPartType } from '../../domain/chapterPartContent';

/*
 * How a part type looks in a list or a tree: its icon and its label, apart from its editor and preview
 * (./registry.ts), so that a screen showing thousands of parts (the course outline) loads no editor.
 */
export const PART_ICONS: Readonly<Record<ChapterPartType, SvgIconComponent>> = {
  file_downloadable: AttachFileIcon,
  from_typeform: AssignmentIcon,
  image: ImageIcon,
  interactive_long_text: SubjectIcon,
  interactive_select: RadioButtonCheckedIcon,
  interactive_select_multi: CheckBoxIcon,
  interactive_text: ShortTextIcon,
  interactive_upload: UploadFileIcon,
  links: LinkIcon,
  notes: StickyNote2Icon,
  text_markdown: NotesIcon,
  url_iframe: WebIcon,
  video: MovieIcon,
  video_youtube: YouTubeIcon,
};

/** A part type's icon, or undefined for a type this back-office does not know. */
export const partIconOf = (type: unknown): SvgIconComponent | undefined =>
  isChapterPartType(type) ? PART_ICONS[type] : undefined;

/** The label key of a type, shared with the type's choices in lists and filters. */
export const partTypeLabel = (type: ChapterPartType) => `choices.partType.${type}`;
