// Beside a page's title: the "Copy page" island, on every page with a Markdown copy.
import type { PageModel } from '../../src/shared/viewModels';
import { Island } from './Island';
import CopyPage from '../islands/CopyPage';

export function CopyPageControl({ page }: { page: PageModel }) {
  if (!page.markdownHref) return null;
  return <Island name="CopyPage" component={CopyPage} props={{ href: page.markdownHref }} when="interaction" />;
}
