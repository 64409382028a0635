/** The smallest valid site configuration, as a user writes it (before validation fills in the defaults). */
export const minimalConfig = {
  title: '站点',
  url: 'https://docs.example.com',
  baseUrl: '/docscenter/',
  navbar: { title: '站点', logo: { src: 'img/logo.svg', alt: '标志' }, items: [{ type: 'doc', docId: 'intro', label: '介绍' }] },
  footer: { copyright: 'Copyright © 2025' },
};
