import { createHash } from 'node:crypto';

/**
 * The id a client expects for its subscription to a topic: @walletconnect/core's Subscriber
 * computes sha256(topic + clientId) (hex, clientId being its did:key) and keys its own map with it,
 * then unsubscribes with that id; the relay answers irn_subscribe with the same value.
 */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256').update(topic + clientId, 'utf8').digest('hex');
}

/** Which connections follow which topics, both ways. */
export class Subscriptions<Connection> {
  private readonly byTopic = new Map<string, Set<Connection>>();
  private readonly byConnection = new Map<Connection, Set<string>>();

  /** Returns false when the connection already followed the topic. */
  add(connection: Connection, topic: string): boolean {
    let topics = this.byConnection.get(connection);
    if (!topics) {
      topics = new Set();
      this.byConnection.set(connection, topics);
    }
    if (topics.has(topic)) return false;
    topics.add(topic);
    let connections = this.byTopic.get(topic);
    if (!connections) {
      connections = new Set();
      this.byTopic.set(topic, connections);
    }
    connections.add(connection);
    return true;
  }

  remove(connection: Connection, topic: string): void {
    const topics = this.byConnection.get(connection);
    if (!topics?.delete(topic)) return;
    if (topics.size === 0) this.byConnection.delete(connection);
    const connections = this.byTopic.get(topic);
    connections?.delete(connection);
    if (connections?.size === 0) this.byTopic.delete(topic);
  }

  removeConnection(connection: Connection): void {
    for (const topic of [...(this.byConnection.get(connection) ?? [])]) this.remove(connection, topic);
  }

  subscribers(topic: string): ReadonlySet<Connection> {
    return this.byTopic.get(topic) ?? new Set();
  }

  topicsOf(connection: Connection): ReadonlySet<string> {
    return this.byConnection.get(connection) ?? new Set();
  }

  topicCount(connection: Connection): number {
    return this.byConnection.get(connection)?.size ?? 0;
  }

  follows(connection: Connection, topic: string): boolean {
    return this.byConnection.get(connection)?.has(topic) ?? false;
  }

  get size(): { topics: number; connections: number } {
    return { topics: this.byTopic.size, connections: this.byConnection.size };
  }
}
