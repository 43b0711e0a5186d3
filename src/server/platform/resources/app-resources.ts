/**
 * Things started with the app and stopped with it (decision 215): a thread, a pool, a process that
 * belongs to one app rather than to the Node process, so two apps in one process (as the tests run
 * them) share none, and closing the app stops them. `AppDeps.resources` holds one set per app.
 *
 * The part that owns a kind of resource defines its `ResourceKind` (how to start one) and reaches
 * its instance through `resources.of(kind)`; the composition root only creates the set and stops
 * it on close, so neither it nor `http/deps.ts` needs to know the resource's type (the analysis
 * worker host is the analysis feature's).
 */
export interface AppResource {
  /** Releases what the resource holds; using it again after this starts it again. */
  stop(): Promise<void>;
}

/** A kind of resource: its name (for errors and logs) and how to start one. Compared by identity. */
export interface ResourceKind<T extends AppResource> {
  readonly name: string;
  start(): T;
}

export interface AppResources {
  /** This app's one resource of `kind`, started on first use. */
  of<T extends AppResource>(kind: ResourceKind<T>): T;
  /** Stops every resource started so far, the last started first. */
  stop(): Promise<void>;
}

export function createAppResources(): AppResources {
  const started = new Map<ResourceKind<AppResource>, AppResource>();
  return {
    of<T extends AppResource>(kind: ResourceKind<T>): T {
      const existing = started.get(kind);
      if (existing) return existing as T;
      const resource = kind.start();
      started.set(kind, resource);
      return resource;
    },
    async stop() {
      for (const resource of [...started.values()].reverse()) await resource.stop();
    },
  };
}
