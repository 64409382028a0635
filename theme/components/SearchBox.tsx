import { SearchIcon } from './icons.js';

/** The navbar search field. */
export function SearchBox() {
  return (
    <div className="search-box" role="search">
      <SearchIcon />
      <input type="search" className="search-box__input" placeholder="搜索文档" aria-label="搜索文档" />
    </div>
  );
}
