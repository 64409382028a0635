import { useSite } from './SiteContext.js';
import { ExternalLinkIcon } from './icons.js';

/** Link columns, logo, copyright and the filing number. */
export function Footer() {
  const { footer } = useSite().site;
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__columns">
          {footer.columns.map((column) => (
            <div className="footer__column" key={column.title}>
              <p className="footer__title">{column.title}</p>
              <ul>
                {column.links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                      {link.label}
                      {link.external && <ExternalLinkIcon />}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="footer__bottom">
          {footer.logoSrc && <img className="footer__logo" src={footer.logoSrc} alt={footer.logoAlt ?? ''} width={120} height={32} />}
          <p className="footer__copyright">{footer.copyright}</p>
          {footer.filing && (
            <p className="footer__filing">
              {footer.filing.href ? (
                <a href={footer.filing.href} target="_blank" rel="noopener noreferrer">
                  {footer.filing.label}
                </a>
              ) : (
                footer.filing.label
              )}
            </p>
          )}
        </div>
      </div>
    </footer>
  );
}
