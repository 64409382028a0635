import { defineConfig } from '@docsgen/core/config';

/** 汐云开发者文档中心. Hosts are placeholders under example.com; the real ones are set here and nowhere else. */
export default defineConfig({
  title: '汐云开发者文档中心',
  tagline: '欢迎来到汐云开发者文档中心：设备、App、PC、Web 与云端 API 的开发文档、示例代码和教程。',
  url: 'https://docs.example.com',
  baseUrl: '/docscenter/',
  locale: 'zh-Hans',
  localeLabel: '简体中文',
  favicon: 'img/favicon.svg',
  mainDocId: 'overview/index',
  search: {
    // Words readers type for what the docs call otherwise.
    synonyms: [
      ['配网', '联网配置'],
      ['OTA', '固件升级'],
      ['令牌', 'token'],
      ['安卓', 'Android'],
      ['收费标准', '价格'],
    ],
    dictionary: ['配网', '物模型', '激活码'],
  },
  // The date of each doc's last commit in its footer and the sitemap; no edit link: the sources are not public.
  showLastUpdateTime: true,
  navbar: {
    title: '汐云开发者文档中心',
    logo: { src: 'img/logo.svg', alt: '汐云物联' },
    hideOnScroll: true,
    items: [
      { type: 'doc', docId: 'overview/index', label: '产品概述', activeBasePath: '/docs/overview/' },
      { type: 'doc', docId: 'manual/index', label: '操作指南', activeBasePath: '/docs/manual/' },
      { type: 'doc', docId: 'device/index', label: '设备开发', activeBasePath: '/docs/device/' },
      { type: 'doc', docId: 'app/index', label: 'App 开发', activeBasePath: '/docs/app/' },
      { type: 'doc', docId: 'pc/index', label: 'PC 开发', activeBasePath: '/docs/pc/' },
      { type: 'doc', docId: 'web/index', label: 'Web 开发', activeBasePath: '/docs/web/' },
      { type: 'doc', docId: 'api/index', label: '云端 API', activeBasePath: '/docs/api/' },
      { type: 'doc', docId: 'reference/index', label: '开发参考', activeBasePath: '/docs/reference/' },
      { type: 'doc', docId: 'faq/index', label: '帮助中心', activeBasePath: '/docs/faq/' },
      { type: 'localeDropdown' },
      { type: 'colorModeToggle' },
      { type: 'search' },
      { type: 'link', label: '开发者平台', href: 'https://developer.example.com/' },
      { type: 'link', label: '汐云官网', href: 'https://www.example.com/' },
    ],
  },
  footer: {
    columns: [
      {
        title: '开始',
        items: [
          { label: '平台简介', to: '/docs/overview/intro/' },
          { label: '快速入门', to: '/docs/overview/quickstart/' },
          { label: '价格说明', to: '/docs/overview/price/' },
        ],
      },
      {
        title: '开发',
        items: [
          { label: '设备端 SDK', to: '/docs/device/' },
          { label: 'App SDK', to: '/docs/app/' },
          { label: '云端 API', to: '/docs/api/' },
        ],
      },
      {
        title: '支持',
        items: [
          { label: '帮助中心', to: '/docs/faq/' },
          { label: '错误码', to: '/docs/api/errorcode/' },
          { label: '术语表', to: '/docs/reference/glossary/' },
        ],
      },
      {
        title: '更多',
        items: [
          { label: '开发者平台', href: 'https://developer.example.com/' },
          { label: '汐云官网', href: 'https://www.example.com/' },
        ],
      },
    ],
    logo: { src: 'img/logo.svg', alt: '汐云物联' },
    copyright: 'Copyright © 2025 汐云物联科技有限公司',
    filing: { label: '沪ICP备00000000号-1', href: 'https://beian.example.com/' },
  },
  colorMode: { defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false },
  redirects: [
    { from: '/docs/', to: '/docs/overview/' },
  ],
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  progressBar: { delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800, showSpinner: false },
});
