import Markdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { Box } from '@mui/material';

// Links leave the back-office: a new tab that cannot reach back into this page.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

/**
 * Markdown as the learner reads it: GitHub's tables and lists, no raw HTML. react-markdown drops HTML and
 * `javascript:` addresses itself; rehype-sanitize (GitHub's schema) is the second lock, should a plug-in
 * ever let HTML through.
 */
export function MarkdownView({ markdown }: { markdown: string }) {
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
        {markdown}
      </Markdown>
    </Box>
  );
}
