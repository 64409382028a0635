// The same one-heading home page as the docsgen corpus (bench/corpus.ts writes pages/index.tsx).
export default function Home() {
  return <h1>基准测试站点</h1>;
}
