export const title = '搜索';
export const description = '在汐云开发者文档中心搜索：设备、App、PC、Web 与云端 API 的全部文档。';

/** The route of the full search results page; the theme renders its interactive content. */
export default function Search() {
  return <h1>搜索文档</h1>;
}
