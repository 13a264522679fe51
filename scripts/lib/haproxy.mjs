// The cluster's load balancer: Debian's HAProxy, installed when absent, run in the foreground with a
// configuration written for the replicas at hand.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installDebianPackage } from './debianPackage.mjs';

const BINARY_PATHS = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'];

/** The haproxy binary, installed with apt-get (as root) when absent. */
export async function ensureHaproxy() {
  const found = () => BINARY_PATHS.find((path) => existsSync(path));
  if (found()) return found();
  const reason = await installDebianPackage('haproxy', 'the cluster');
  if (reason) throw new Error(reason);
  const binary = found();
  if (!binary) throw new Error('haproxy not found after installing it');
  return binary;
}

/**
 * How often HAProxy asks each replica's /health, how long an answer may take (a busy replica is
 * slow, not dead), and after how many failures in a row it takes it out (successes: puts it back).
 * A dead replica refuses the connection at once, so it is out after `fall` intervals whatever the
 * timeout. With 2 s and 2 failures, the only replica of a cluster starved of CPU (load 40 on 2
 * cores, the bench at twice its rates) answered /health in up to 1.6 s as its client measured, but
 * missed HAProxy's checks three times and was taken out once: 180 of its answers were HAProxy's
 * 503. Taking out a replica that is only slow moves its load onto the others, or leaves none.
 */
export const HEALTH_CHECK = { intervalMs: 1000, timeoutMs: 3000, fall: 3, rise: 2 };
/**
 * Requests one replica works on at once; HAProxy queues the rest (up to `queueMs` each) and hands
 * them over as answers go out. Without it a burst (1,000 sign-ins at once) went straight into the
 * replicas' event loops, their /health answers waited behind it past the check's timeout, and
 * HAProxy took serving replicas out (503s). WebSockets go to their own backend with no such limit:
 * a relay connection stays open for hours and would hold a request slot all that time.
 */
export const REPLICA_LIMITS = { maxconn: 50, queueMs: 30_000 };
/** What a client is told when no replica is in (every one down): JSON, as the server's own errors. */
const NO_REPLICA_BODY = '{"status":503,"message":"No server is available right now; try again shortly"}';

/**
 * The configuration for `replicas` (127.0.0.1 ports) behind 127.0.0.1:`port`. A replica is in
 * while /health answers at all: 200, or 503 when its database is down (it then answers 503 with
 * Retry-After itself, better than HAProxy's page); a replica that does not answer is out after
 * `fall` checks. A request whose replica refused the connection or died before answering is
 * sent to another (redispatch), never a request a replica answered.
 */
export function haproxyConfig({ port, statsPort, replicas, dataDir }) {
  const errorFile = join(dataDir, 'no-replica.http');
  writeFileSync(
    errorFile,
    `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 2\r\ncache-control: no-store\r\ncontent-length: ${NO_REPLICA_BODY.length}\r\nconnection: close\r\n\r\n${NO_REPLICA_BODY}`,
  );
  return `global
  maxconn 4000
  log stderr format short local0 warning

defaults
  mode http
  log global
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  # WebSockets (the relay, the RPC proxy's subscriptions) stay open this long without a frame.
  timeout tunnel 1h
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response
  errorfile 503 ${errorFile}

# Which replicas are in, and why (CSV at /stats;csv).
frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats

frontend cairn
  bind 127.0.0.1:${port}
  # The replicas see the visitor's address (TRUST_PROXY=127.0.0.1 on them).
  option forwardfor
  acl websocket hdr(upgrade) -i websocket
  use_backend sockets if websocket
  default_backend replicas

backend replicas
  balance roundrobin
  option httpchk GET /health
  timeout check ${HEALTH_CHECK.timeoutMs}ms
  timeout queue ${REPLICA_LIMITS.queueMs}ms
  http-check expect rstatus ^(200|503)$
  default-server inter ${HEALTH_CHECK.intervalMs}ms fall ${HEALTH_CHECK.fall} rise ${HEALTH_CHECK.rise} maxconn ${REPLICA_LIMITS.maxconn}
${replicas.map((replicaPort, index) => `  server replica${index + 1} 127.0.0.1:${replicaPort} check`).join('\n')}

# The relay's and the RPC proxy's WebSockets: the same replicas, in and out with their checks above.
backend sockets
  balance leastconn
${replicas.map((replicaPort, index) => `  server replica${index + 1} 127.0.0.1:${replicaPort} track replicas/replica${index + 1}`).join('\n')}
`;
}

/** Writes the configuration and starts HAProxy in the foreground; resolves once it accepts. */
export async function startHaproxy({ binary, port, statsPort, replicas, dataDir, waitUntilUp }) {
  const configFile = join(dataDir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig({ port, statsPort, replicas, dataDir }));
  const child = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  await waitUntilUp(child, () => stderr);
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  /** HAProxy's stats rows of the replicas, each as { field: value } (field names of its CSV header). */
  const replicaRows = async () => {
    const csv = await (await fetch(statsUrl)).text();
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n').map((line) => line.split(','));
    return rows
      .map((row) => Object.fromEntries(header.map((name, index) => [name, row[index]])))
      .filter((row) => row.pxname === 'replicas' && row.svname.startsWith('replica'));
  };
  return {
    child,
    configFile,
    url: `http://127.0.0.1:${port}`,
    /** Each replica's state as HAProxy sees it: 'UP', 'DOWN', or a transition ('UP 1/2', ...). */
    async replicaStates() {
      return Object.fromEntries((await replicaRows()).map((row) => [row.svname, row.status]));
    },
    /**
     * Each replica's health checks so far: how many failed, how many times it was taken out, and
     * the last check's result and duration (ms) as HAProxy saw them.
     */
    async replicaChecks() {
      return Object.fromEntries(
        (await replicaRows()).map((row) => [row.svname, { failed: Number(row.chkfail), downs: Number(row.chkdown), last: row.check_status, lastMs: Number(row.check_duration) }]),
      );
    },
  };
}
