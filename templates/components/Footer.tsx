import type { SiteModel } from '../../src/shared/viewModels';

export function Footer({ footer }: { footer: SiteModel['footer'] }) {
  return (
    <footer className="footer">
      <div className="footer-inner">
        {footer.links.length > 0 ? (
          <ul className="footer-links">
            {footer.links.map((l, i) => (
              <li key={i}>
                <a href={l.href} {...(l.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="footer-copyright">{footer.copyright}</p>
      </div>
    </footer>
  );
}
