// `docsgen/theme`: the props of every component a project can override (README "Customising
// components"), so `theme/Footer.tsx` can be `export function Footer(props: FooterProps)`. Each
// type is the built-in component's own, so it can never drift from what docsgen passes. Types
// only: nothing here exists at run time (an override's bundle resolves this module to nothing).
import type { ComponentProps } from 'react';
import type { AnnouncementBar } from '../../templates/components/AnnouncementBar';
import type { Banner } from '../../templates/components/Banner';
import type { Breadcrumbs } from '../../templates/components/Breadcrumbs';
import type { ChangeBadge } from '../../templates/components/ChangeBadge';
import type { CodeBlock } from '../../templates/components/CodeBlock';
import type { CopyPageControl } from '../../templates/components/CopyPageControl';
import type { Footer } from '../../templates/components/Footer';
import type { LeftOut } from '../../templates/components/LeftOut';
import type { NamedExamples } from '../../templates/components/NamedExamples';
import type { Navbar } from '../../templates/components/Navbar';
import type { OperationList } from '../../templates/components/OperationList';
import type { Pagination } from '../../templates/components/Pagination';
import type { FieldList, SchemaBody } from '../../templates/components/SchemaTree';
import type { Sidebar } from '../../templates/components/Sidebar';
import type { Tabs } from '../../templates/components/Tabs';
import type { Toc } from '../../templates/components/Toc';
import type { ApiChangelog } from '../../templates/pages/ApiChangelog';
import type { ApiIndex } from '../../templates/pages/ApiIndex';
import type { ApiOperation } from '../../templates/pages/ApiOperation';
import type { ApiOverview } from '../../templates/pages/ApiOverview';
import type { ApiSchema, ApiSchemaIndex } from '../../templates/pages/ApiSchema';
import type { ApiTag } from '../../templates/pages/ApiTag';
import type { DocPage } from '../../templates/pages/DocPage';
import type { Home } from '../../templates/pages/Home';
import type { NotFound } from '../../templates/pages/NotFound';
import type { Search } from '../../templates/pages/Search';
import type { SectionIndex, CardGroups } from '../../templates/pages/SectionIndex';
import type { TagsList, TagDocs } from '../../templates/pages/Tags';
import type { DocLayout } from '../../templates/layouts/DocLayout';
import type { Shell } from '../../templates/layouts/Shell';
import type AnnouncementDismiss from '../../templates/islands/AnnouncementDismiss';
import type ColorModeToggle from '../../templates/islands/ColorModeToggle';
import type CopyPage from '../../templates/islands/CopyPage';
import type MobileMenu from '../../templates/islands/MobileMenu';
import type NotFoundSuggestions from '../../templates/islands/NotFoundSuggestions';
import type SchemaControls from '../../templates/islands/SchemaControls';
import type SearchBox from '../../templates/islands/SearchBox';
import type SearchPage from '../../templates/islands/SearchPage';
import type TryIt from '../../templates/islands/TryIt';

// templates/components/ (theme/<Name>.tsx replaces the file of that name)
export type AnnouncementBarProps = ComponentProps<typeof AnnouncementBar>;
export type BannerProps = ComponentProps<typeof Banner>;
export type BreadcrumbsProps = ComponentProps<typeof Breadcrumbs>;
export type ChangeBadgeProps = ComponentProps<typeof ChangeBadge>;
export type CodeBlockProps = ComponentProps<typeof CodeBlock>;
export type CopyPageControlProps = ComponentProps<typeof CopyPageControl>;
export type FooterProps = ComponentProps<typeof Footer>;
export type LeftOutProps = ComponentProps<typeof LeftOut>;
export type NamedExamplesProps = ComponentProps<typeof NamedExamples>;
export type NavbarProps = ComponentProps<typeof Navbar>;
export type OperationListProps = ComponentProps<typeof OperationList>;
export type PaginationProps = ComponentProps<typeof Pagination>;
export type FieldListProps = ComponentProps<typeof FieldList>;
export type SchemaBodyProps = ComponentProps<typeof SchemaBody>;
export type SidebarProps = ComponentProps<typeof Sidebar>;
export type TabsProps = ComponentProps<typeof Tabs>;
export type TocProps = ComponentProps<typeof Toc>;

// templates/pages/ (theme/<Name>.tsx replaces the file of that name)
export type ApiChangelogProps = ComponentProps<typeof ApiChangelog>;
export type ApiIndexProps = ComponentProps<typeof ApiIndex>;
export type ApiOperationProps = ComponentProps<typeof ApiOperation>;
export type ApiOverviewProps = ComponentProps<typeof ApiOverview>;
export type ApiSchemaProps = ComponentProps<typeof ApiSchema>;
export type ApiSchemaIndexProps = ComponentProps<typeof ApiSchemaIndex>;
export type ApiTagProps = ComponentProps<typeof ApiTag>;
export type DocPageProps = ComponentProps<typeof DocPage>;
export type HomeProps = ComponentProps<typeof Home>;
export type NotFoundProps = ComponentProps<typeof NotFound>;
export type SearchProps = ComponentProps<typeof Search>;
export type SectionIndexProps = ComponentProps<typeof SectionIndex>;
export type CardGroupsProps = ComponentProps<typeof CardGroups>;
export type TagsListProps = ComponentProps<typeof TagsList>;
export type TagDocsProps = ComponentProps<typeof TagDocs>;

// templates/layouts/ (theme/<Name>.tsx replaces the file of that name)
export type DocLayoutProps = ComponentProps<typeof DocLayout>;
export type ShellProps = ComponentProps<typeof Shell>;

// templates/islands/ (theme/<Name>.tsx replaces the file of that name)
export type AnnouncementDismissProps = ComponentProps<typeof AnnouncementDismiss>;
export type ColorModeToggleProps = ComponentProps<typeof ColorModeToggle>;
export type CopyPageProps = ComponentProps<typeof CopyPage>;
export type MobileMenuProps = ComponentProps<typeof MobileMenu>;
export type NotFoundSuggestionsProps = ComponentProps<typeof NotFoundSuggestions>;
export type SchemaControlsProps = ComponentProps<typeof SchemaControls>;
export type SearchBoxProps = ComponentProps<typeof SearchBox>;
export type SearchPageProps = ComponentProps<typeof SearchPage>;
export type TryItProps = ComponentProps<typeof TryIt>;

/** The models the props are made of. */
export type { SiteModel, PageModel, PageBody } from '../shared/viewModels';

/** The props of a custom page's component (content/pages/<name>.tsx: `export default function Pricing(props: CustomPageProps)`). */
export type { CustomPageProps } from '../../templates/pages/CustomPage';
