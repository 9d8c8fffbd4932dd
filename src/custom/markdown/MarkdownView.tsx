import { Box } from '@mui/material';
import Markdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

// Links leave the back-office: a new tab that cannot reach back into this page.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

/**
 * Markdown as the learners read it, one component for chapter parts, sheets and previews: GitHub's flavour
 * (tables, task lists, strikethrough), no raw HTML. react-markdown drops HTML and `javascript:` addresses
 * itself; rehype-sanitize (GitHub's schema) is the second lock, should a plug-in ever let HTML through.
 */
export function MarkdownView({ source }: { source: string }) {
  return (
    <Box
      className="markdown-view"
      sx={{
        overflowWrap: 'anywhere',
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& pre': { bgcolor: 'action.hover', p: 1, overflowX: 'auto' },
        '& img': { maxWidth: '100%' },
      }}
    >
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={components}>
        {source}
      </Markdown>
    </Box>
  );
}
