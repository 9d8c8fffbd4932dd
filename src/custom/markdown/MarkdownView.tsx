import { Box } from '@mui/material';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

/**
 * Markdown as the learners read it: GitHub's flavour (tables, task lists, strikethrough), and raw HTML
 * or javascript: links stripped by rehype-sanitize, so a sheet or a part cannot smuggle a script in.
 */
export function MarkdownView({ source }: { source: string }) {
  return (
    <Box
      className="markdown-view"
      sx={{
        overflowWrap: 'anywhere',
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& pre': { overflowX: 'auto' },
        '& img': { maxWidth: '100%' },
      }}
    >
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]}>
        {source}
      </ReactMarkdown>
    </Box>
  );
}
