'use strict';
/**
 * Renders the gateway for nginx run outside the official image (tests, Debian's nginx-light):
 *
 *   const { renderGatewayConfig } = require('./docker/gateway/render-gateway.cjs');
 *   const conf = renderGatewayConfig({
 *     port: 8080,
 *     upstreams: { auth: '127.0.0.1:8081', case: '127.0.0.1:8082', integration: '127.0.0.1:8083',
 *                  score: '127.0.0.1:8085', report: '127.0.0.1:8084' },
 *     runtimeDir: '/tmp/gateway',
 *   });
 *   // nginx -p /tmp/gateway -c <conf> -e stderr -g 'daemon off;'
 *
 * It writes <runtimeDir>/gateway.conf (gateway.conf.template with only its placeholders
 * substituted), <runtimeDir>/nginx.conf (a copy of nginx.conf, which includes gateway.conf),
 * <runtimeDir>/kyb-access-log.conf (the JSON access log goes to <runtimeDir>/access.log, or to the
 * `accessLog` option) and <runtimeDir>/html/index.html, and returns the path of nginx.conf.
 * nginx's error log goes to stderr.
 */
const fs = require('node:fs');
const path = require('node:path');

/** The names the template may contain as `${NAME}`; nothing else is substituted. */
const PLACEHOLDERS = Object.freeze([
  'GATEWAY_PORT',
  'GATEWAY_ROOT',
  'AUTH_UPSTREAM',
  'CASE_UPSTREAM',
  'INTEGRATION_UPSTREAM',
  'SCORE_UPSTREAM',
  'REPORT_UPSTREAM',
]);

/** The areas behind the gateway, each at `/<area>/api/v1`. */
const AREAS = Object.freeze(['auth', 'case', 'integration', 'score', 'report']);

const TEMPLATE_PATH = path.join(__dirname, 'gateway.conf.template');
const NGINX_CONF_PATH = path.join(__dirname, 'nginx.conf');
const STATIC_FILES = Object.freeze(['index.html']);
/** The file the template's server block includes for its access log (relative to nginx's conf directory). */
const ACCESS_LOG_INCLUDE = 'kyb-access-log.conf';

const HOST_PORT = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\]):(\d{1,5})$/;

function checkPort(port, what) {
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`renderGatewayConfig: ${what} must be a port number from 1 to 65535, got ${JSON.stringify(port)}`);
  }
}

/** `host:port`, or a bare port number meaning 127.0.0.1:<port>. */
function upstreamAddress(area, value) {
  if (typeof value === 'number') {
    checkPort(value, `upstreams.${area}`);
    return `127.0.0.1:${value}`;
  }
  const match = typeof value === 'string' ? HOST_PORT.exec(value) : null;
  if (!match) throw new Error(`renderGatewayConfig: upstreams.${area} must be "host:port", got ${JSON.stringify(value)}`);
  checkPort(Number(match[1]), `the port of upstreams.${area}`);
  return value;
}

/**
 * Substitutes `${NAME}` for every name of PLACEHOLDERS (all must be given) and nothing else, as
 * `envsubst '${GATEWAY_PORT} ${GATEWAY_ROOT} ...'` does. Throws if the template holds another
 * `${...}` placeholder, so a new one cannot be forgotten here, in compose or in the README.
 */
function renderTemplate(template, values) {
  for (const name of PLACEHOLDERS) {
    if (typeof values[name] !== 'string' || values[name] === '') throw new Error(`renderGatewayConfig: no value for \${${name}}`);
  }
  const unknown = [...template.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]).filter((name) => !PLACEHOLDERS.includes(name));
  if (unknown.length > 0) throw new Error(`renderGatewayConfig: the template has unknown placeholders: ${[...new Set(unknown)].join(', ')}`);
  return template.replace(/\$\{([A-Z_]+)\}/g, (_whole, name) => values[name]);
}

/** Started as root, nginx's workers run as `nobody`: every directory above the prefix must let them through. */
function checkReachableByWorkers(dir) {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `renderGatewayConfig: ${current} is not searchable by other users, so nginx's workers (user nobody) cannot reach ${dir}: ` +
          'use a runtimeDir under a world-searchable directory such as os.tmpdir()',
      );
    }
    if (current === path.dirname(current)) return;
  }
}

/**
 * Writes gateway.conf, nginx.conf, kyb-access-log.conf and the static files into `runtimeDir` and
 * returns the path of nginx.conf. `root` (GATEWAY_ROOT) defaults to `<runtimeDir>/html`, where
 * index.html is copied; `accessLog` (the JSON access log file) to `<runtimeDir>/access.log`.
 */
function renderGatewayConfig(options) {
  const { port, upstreams, runtimeDir } = options || {};
  checkPort(port, 'port');
  if (typeof runtimeDir !== 'string' || !path.isAbsolute(runtimeDir)) {
    throw new Error(`renderGatewayConfig: runtimeDir must be an absolute path, got ${JSON.stringify(runtimeDir)}`);
  }
  const missing = AREAS.filter((area) => !upstreams || upstreams[area] === undefined);
  if (missing.length > 0) throw new Error(`renderGatewayConfig: upstreams needs ${missing.join(', ')}`);
  const extra = Object.keys(upstreams).filter((area) => !AREAS.includes(area));
  if (extra.length > 0) throw new Error(`renderGatewayConfig: unknown areas in upstreams: ${extra.join(', ')}`);

  const htmlDir = path.join(runtimeDir, 'html');
  const root = options.root === undefined ? htmlDir : options.root;
  if (typeof root !== 'string' || !path.isAbsolute(root) || /["\\;{}$\s]/.test(root)) {
    throw new Error(`renderGatewayConfig: root must be an absolute path without quotes, spaces, ';', '{', '}' or '$', got ${JSON.stringify(root)}`);
  }

  const accessLog = options.accessLog === undefined ? path.join(runtimeDir, 'access.log') : options.accessLog;
  if (typeof accessLog !== 'string' || !path.isAbsolute(accessLog) || /["\\;{}$\s]/.test(accessLog)) {
    throw new Error(`renderGatewayConfig: accessLog must be an absolute file path without quotes, spaces, ';', '{', '}' or '$', got ${JSON.stringify(accessLog)}`);
  }

  const values = { GATEWAY_PORT: String(port), GATEWAY_ROOT: root };
  for (const area of AREAS) values[`${area.toUpperCase()}_UPSTREAM`] = upstreamAddress(area, upstreams[area]);
  const gatewayConf = renderTemplate(fs.readFileSync(TEMPLATE_PATH, 'utf8'), values);

  fs.mkdirSync(htmlDir, { recursive: true });
  // World-readable, so nginx's workers can read them whoever they run as.
  fs.chmodSync(runtimeDir, 0o755);
  fs.chmodSync(htmlDir, 0o755);
  checkReachableByWorkers(runtimeDir);
  for (const file of STATIC_FILES) {
    fs.copyFileSync(path.join(__dirname, file), path.join(htmlDir, file));
    fs.chmodSync(path.join(htmlDir, file), 0o644);
  }
  const nginxConfPath = path.join(runtimeDir, 'nginx.conf');
  fs.writeFileSync(path.join(runtimeDir, 'gateway.conf'), gatewayConf, { mode: 0o644 });
  fs.writeFileSync(path.join(runtimeDir, ACCESS_LOG_INCLUDE), `access_log "${accessLog}" kyb_gateway_json;\n`, { mode: 0o644 });
  fs.copyFileSync(NGINX_CONF_PATH, nginxConfPath);
  fs.chmodSync(nginxConfPath, 0o644);
  return nginxConfPath;
}

module.exports = { renderGatewayConfig, renderTemplate, PLACEHOLDERS, AREAS, TEMPLATE_PATH, NGINX_CONF_PATH, STATIC_FILES, ACCESS_LOG_INCLUDE };
