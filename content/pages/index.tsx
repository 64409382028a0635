import type { ThemeSite } from '@docsgen/shared';

export const title = '汐云开发者文档中心';
export const description = '汐云物联开发者文档中心：设备端 SDK、Android 与 iOS App SDK、Windows PC SDK、Web SDK、云端 API、管理控制台操作指南与价格说明。';

interface Section {
  href: string;
  name: string;
  line: string;
  icon: string;
}

const SECTIONS: Section[] = [
  { href: 'docs/overview/', name: '产品概述', line: '平台能力、架构、价格与一小时快速入门。', icon: 'M4 4h16v4H4zm0 6h10v10H4zm12 0h4v10h-4z' },
  { href: 'docs/manual/', name: '操作指南', line: '管理控制台：产品、App、激活码、运维与财务。', icon: 'M4 5h16v2H4zm0 6h16v2H4zm0 6h10v2H4z' },
  { href: 'docs/device/', name: '设备开发', line: 'C 语言设备端 SDK：接入、物模型、音视频、低功耗。', icon: 'M7 2h10v4H7zm-3 6h16v14H4zm5 4v6h6v-6z' },
  { href: 'docs/app/', name: 'App 开发', line: 'Android 与 iOS App SDK，含专用版 SDK。', icon: 'M7 1h10a2 2 0 0 1 2 2v18a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2zm0 4v14h10V5z' },
  { href: 'docs/pc/', name: 'PC 开发', line: 'Windows PC SDK：实时预览、对讲与示例程序。', icon: 'M2 4h20v13H2zm2 2v9h16V6zm4 13h8v2H8z' },
  { href: 'docs/web/', name: 'Web 开发', line: 'Web SDK：浏览器中的实时预览、回放与对讲。', icon: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-2.9a15 15 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4a13 13 0 0 1 1.9 4h-3.8A13 13 0 0 1 12 4z' },
  { href: 'docs/api/', name: '云端 API', line: '服务端调用：签名、令牌、场景、云存储与用户设备。', icon: 'M8 3 2 12l6 9h3l-6-9 6-9zm8 0h-3l6 9-6 9h3l6-9z' },
  { href: 'docs/reference/', name: '开发参考', line: '设备绑定、云存储、场景联动等端到端方案与术语表。', icon: 'M5 3h11l4 4v14H5zm10 1v4h4' },
  { href: 'docs/faq/', name: '帮助中心', line: '账号与常见问题的直接解答。', icon: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 17h-2v-2h2zm2.1-7.7-.9.9c-.7.7-1.2 1.3-1.2 2.8h-2v-.5c0-1.1.5-2.1 1.2-2.8l1.2-1.3a2 2 0 1 0-3.4-1.4H8a4 4 0 1 1 7.1 2.3z' },
];

/** The landing page: the title, a welcome, and one card per section. */
export default function Home({ site }: { site: ThemeSite }) {
  return (
    <div className="home">
      <header className="hero">
        <div className="hero__inner">
          <h1 className="hero__title">{site.title}</h1>
          <p className="hero__subtitle">欢迎来到汐云开发者文档中心。无论你在开发设备固件、手机 App、PC 软件还是网页，这里都有接入汐云物联所需的文档、示例代码和教程。</p>
          <p className="hero__actions">
            <a className="button button--primary button--lg" href={site.baseUrl + 'docs/overview/quickstart/'}>
              快速入门
            </a>
            <a className="button button--secondary button--lg" href={site.baseUrl + 'docs/overview/intro/'}>
              了解平台
            </a>
          </p>
        </div>
      </header>
      <section className="home-sections" aria-labelledby="home-sections-title">
        <h2 id="home-sections-title" className="home-sections__title">
          按开发方向浏览
        </h2>
        <ul className="home-cards">
          {SECTIONS.map((section) => (
            <li key={section.href}>
              <a className="home-card" href={site.baseUrl + section.href}>
                <svg className="home-card__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                  <path fill="currentColor" d={section.icon} />
                </svg>
                <span className="home-card__name">{section.name}</span>
                <span className="home-card__line">{section.line}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
