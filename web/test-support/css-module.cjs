// CSS modules in the web unit tests (node, no bundler): every class name reads as itself.
module.exports = new Proxy({}, { get: (_target, name) => (name === '__esModule' ? false : String(name)) });
