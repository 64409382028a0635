// Stands in for js-yaml in the compiled CLI. gray-matter loads js-yaml for its default YAML engine, and js-yaml loads
// esprima for its `!!js/function` type: 9 ms of every start. docsgen never uses that engine (front-matter.ts passes its
// own, reading YAML with `yaml`), so gray-matter gets these, which refuse to run.
const unused = () => {
  throw new Error('js-yaml is not part of the compiled docsgen CLI: front matter is read with the yaml package');
};
module.exports = { safeLoad: unused, safeDump: unused, load: unused, dump: unused };
