// A page template that throws, standing in for a broken template in the browser test of
// `serve --watch` (vi.mock puts it in place of DocPage): it throws for a guide that asks it to.
import type { ComponentProps, ComponentType } from 'react';
import type { DocPage } from '../../templates/pages/DocPage';

export const THROW_MARKER = 'PLEASE-MAKE-THE-TEMPLATE-THROW';

export function throwingDocPage(Original: typeof DocPage): ComponentType<ComponentProps<typeof DocPage>> {
  return function ThrowingDocPage(props) {
    if (props.doc.html.includes(THROW_MARKER)) {
      throw new Error('this template cannot render the guide');
    }
    return <Original {...props} />;
  };
}
