/** Group membership of this process's connections (by public connection id), both directions. */
export class Groups {
  private readonly members = new Map<string, Set<string>>();
  private readonly ofConnection = new Map<string, Set<string>>();

  add(connectionId: string, group: string): void {
    getOrCreate(this.members, group).add(connectionId);
    getOrCreate(this.ofConnection, connectionId).add(group);
  }

  remove(connectionId: string, group: string): void {
    const members = this.members.get(group);
    members?.delete(connectionId);
    if (members?.size === 0) this.members.delete(group);
    const groups = this.ofConnection.get(connectionId);
    groups?.delete(group);
    if (groups?.size === 0) this.ofConnection.delete(connectionId);
  }

  removeConnection(connectionId: string): void {
    for (const group of [...(this.ofConnection.get(connectionId) ?? [])]) this.remove(connectionId, group);
  }

  /** Every connection in any of `groups`, each once. */
  connectionsIn(groups: readonly string[]): Set<string> {
    const result = new Set<string>();
    for (const group of groups) for (const id of this.members.get(group) ?? []) result.add(id);
    return result;
  }
}

function getOrCreate(map: Map<string, Set<string>>, key: string): Set<string> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}
