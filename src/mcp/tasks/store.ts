/**
 * Where MCP tasks (`io.modelcontextprotocol/tasks`) live: records in any
 * unstorage storage, in memory by default, Redis, the file system or a
 * platform KV in production, so that every instance of a server reads the same
 * task. unstorage has no compare-and-set, so each key has one writer:
 *
 * - `<prefix>:task:<id>`, the task as clients see it, is written by the
 *   instance that runs it (and, once its lease has lapsed, by whoever reads it);
 * - `<prefix>:cancel:<id>` by `tasks/cancel`;
 * - `<prefix>:answer:<id>:<key>` by `tasks/update`, one key per input request;
 * - `<prefix>:held:<caller>`, the caller's unfinished tasks (id → when it expires), for the per-caller bound:
 *   one key read per creation, never a listing of keys, which on most drivers walks the whole storage (a Redis
 *   `SCAN` of every key, every key of a memory storage) and made each creation slower the more tasks were kept.
 *   It is read, changed and written back (in turn within one instance); two instances creating for one caller at
 *   the same instant may lose one entry, so across instances the bound is approximate, as any count-then-create is.
 *   A store on the memory storage it makes itself (no `storage` given) is this process's alone, and keeps these
 *   entries in a Map instead: exact, and a creation and its end spare two reads and two writes of JSON.
 *
 * The running instance reads the cancel and answer keys a few times a second
 * (./runner.ts), so a cancel sent through any instance is seen within a second.
 */
import { ToolDefinitionError } from "../../core/errors.ts";
import { MarkedMap } from "../../core/marked-map.ts";
import { checkOptionKeys } from "../../core/options.ts";
import { isRecord } from "../../core/schema.ts";
import { taskLimits } from "../../protocol/task-limits.ts";
import { memoryStorage, type TaskStorage } from "./memory.ts";

export interface TaskStoreOptions {
  /** Any unstorage storage (`createStorage({ driver })` from `unstorage`). Default: a memory storage of this process. */
  storage?: TaskStorage;
  /** The key prefix, so one storage can hold other data too. Default `"agntn:tasks"`. */
  prefix?: string;
  /** How long a task and its result are kept after it was created, in ms. Default one hour. */
  ttlMs?: number;
  /** How often a client is asked to poll, in ms. Default 1000. */
  pollIntervalMs?: number;
  /**
   * How long a running task's record stays `working` without a sign of life from the instance running it, in ms.
   * That instance renews it three times per lease; if it dies, the task ends `failed` once the lease lapses. Default 30 s.
   */
  leaseMs?: number;
  /** The most tasks this instance runs at once. Default 1000. */
  maxTasks?: number;
  /** The most unfinished tasks one caller may hold, across every instance that shares the storage. Default 100. */
  maxTasksPerCaller?: number;
}

export const TASK_STORE_OPTIONS = ["storage", "prefix", "ttlMs", "pollIntervalMs", "leaseMs", "maxTasks", "maxTasksPerCaller"] as const;

export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

/** A request the task waits on, as `inputRequests` carries it. */
export interface InputRequest {
  method: "elicitation/create" | "sampling/createMessage";
  params: Record<string, unknown>;
}

/** A task as the storage holds it. */
export interface TaskRecord {
  taskId: string;
  /** The caller who created it (`principalOf`), `""` without authorization. */
  owner: string;
  tool: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
  /** Outstanding requests by key; keys are never reused within a task (`inputs` counts them). */
  inputRequests?: Record<string, InputRequest>;
  inputs: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  /** Epoch ms until which the running instance vouches for the task. */
  leaseUntil: number;
}

const TERMINAL: ReadonlySet<TaskStatus> = new Set(["completed", "failed", "cancelled"]);

export const isTerminal = (status: TaskStatus): boolean => TERMINAL.has(status);

/** What the store could not do: the store itself failed (unreachable, refused a write). */
export class TaskStoreError extends Error {}

/** Why a task could not be created. */
export type CreateRefusal = { refused: string };

const stores = new WeakSet<object>();

/** A task store, made by `createTaskStore` and handed to a server's `tasks` option. */
export interface TaskStore {
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  readonly leaseMs: number;
}

/** The store as servers use it. */
export class TaskBook implements TaskStore {
  readonly storage: TaskStorage;
  readonly prefix: string;
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  readonly leaseMs: number;
  readonly maxTasks: number;
  readonly maxTasksPerCaller: number;
  /** Tasks this instance runs now. */
  running = 0;
  /**
   * The tasks this instance created, oldest first, to forget once their ttl has passed: a memory or file storage
   * keeps a key until it is removed (only Redis and KV drivers honour the `ttl` a write asks for), and a task nobody
   * reads again after its ttl would stay forever. One ttl per store, so creation order is expiry order.
   */
  readonly #created: { id: string; until: number }[] = [];
  #sweptUpTo = 0;
  /** Each caller's unfinished tasks (id → when its ttl ends), when the storage is this process's own memory storage. */
  readonly #heldHere: MarkedMap<string, Map<string, number>> | undefined;

  constructor(options: TaskStoreOptions, where: string) {
    checkOptionKeys(where, options, TASK_STORE_OPTIONS);
    const storage = options.storage;
    if (storage !== undefined && !isStorage(storage)) {
      throw new ToolDefinitionError(`${where}: storage must be an unstorage storage (createStorage from "unstorage")`);
    }
    this.storage = storage ?? memoryStorage();
    this.#heldHere = storage === undefined ? new MarkedMap() : undefined;
    const prefix = options.prefix ?? "agntn:tasks";
    if (typeof prefix !== "string" || !/^[A-Za-z0-9_:.-]{1,64}$/.test(prefix)) {
      throw new ToolDefinitionError(`${where}: prefix must be 1-64 characters of letters, digits, _, :, . and -`);
    }
    this.prefix = prefix.replace(/:+$/, "");
    const limits = taskLimits(options, where);
    this.ttlMs = limits.ttlMs;
    this.pollIntervalMs = limits.pollIntervalMs;
    this.leaseMs = limits.leaseMs;
    this.maxTasks = limits.maxTasks;
    this.maxTasksPerCaller = limits.maxTasksPerCaller;
    stores.add(this);
  }

  key(kind: "task" | "cancel", id: string): string {
    return `${this.prefix}:${kind}:${id}`;
  }

  answerKey(id: string, input: string): string {
    return `${this.prefix}:answer:${id}:${input}`;
  }

  heldKey(owner: string): string {
    return `${this.prefix}:held:${ownerKey(owner)}`;
  }

  /**
   * A new task for `owner`, stored before this returns (the spec's "durably created"), or why not: this instance runs
   * its most, or the caller holds its most. A store that fails throws a {@link TaskStoreError}, and nothing is kept.
   */
  async create(owner: string, tool: string): Promise<TaskRecord | CreateRefusal> {
    if (this.running >= this.maxTasks) {
      return { refused: `This server is running its most tasks (${this.maxTasks}); try again when one has finished` };
    }
    if (this.#heldHere) return this.createHere(owner, tool, this.#heldHere);
    return this.holding(owner, () => this.createHeld(owner, tool));
  }

  private async createHeld(owner: string, tool: string): Promise<TaskRecord | CreateRefusal> {
    this.sweep();
    const held = await this.guard(async () => this.heldTasks(owner));
    if (Object.keys(held).length >= this.maxTasksPerCaller) return this.tooMany();
    const now = Date.now();
    const record = this.newRecord(owner, tool, now);
    const until = now + this.ttlMs;
    await this.guard(async () => {
      await this.storage.setItem(this.key("task", record.taskId), record as never, this.expiry(record));
      try {
        await this.storage.setItem(this.heldKey(owner), { ...held, [record.taskId]: until } as never, this.expiry(record));
      } catch (error) {
        // Nothing half-written: the task goes too.
        await this.storage.removeItem(this.key("task", record.taskId)).catch(() => {});
        throw error;
      }
    });
    this.#created.push({ id: record.taskId, until });
    return record;
  }

  /**
   * A creation on this process's own memory storage: the caller's entry is taken in the same turn as the count, so no
   * two creations can both pass the bound, and given back if the task is not stored.
   */
  private async createHere(
    owner: string,
    tool: string,
    heldHere: MarkedMap<string, Map<string, number>>,
  ): Promise<TaskRecord | CreateRefusal> {
    this.sweep();
    const now = Date.now();
    let held = heldHere.get(owner);
    if (held === undefined) {
      held = new Map();
      heldHere.set(owner, held);
    }
    if (held.size >= this.maxTasksPerCaller) for (const [id, until] of held) if (until <= now) held.delete(id);
    if (held.size >= this.maxTasksPerCaller) return this.tooMany();
    const record = this.newRecord(owner, tool, now);
    const until = now + this.ttlMs;
    held.set(record.taskId, until);
    try {
      await this.save(record);
    } catch (error) {
      this.releaseHere(heldHere, owner, record.taskId);
      throw error;
    }
    this.#created.push({ id: record.taskId, until });
    return record;
  }

  private tooMany(): CreateRefusal {
    return { refused: `You hold the most unfinished tasks allowed (${this.maxTasksPerCaller}); cancel one or wait for one to finish` };
  }

  private newRecord(owner: string, tool: string, now: number): TaskRecord {
    const at = new Date(now).toISOString();
    return {
      taskId: crypto.randomUUID(),
      owner,
      tool,
      status: "working",
      createdAt: at,
      lastUpdatedAt: at,
      ttlMs: this.ttlMs,
      pollIntervalMs: this.pollIntervalMs,
      inputs: 0,
      leaseUntil: now + this.leaseMs,
    };
  }

  /**
   * The caller's task by id; `undefined` for an unknown, expired or another caller's id (the same answer for each:
   * past its ttl a task is no longer kept, and the sweep may have removed it already, so "expired" could not be told
   * apart reliably anyway).
   */
  async read(id: string, owner: string): Promise<TaskRecord | undefined> {
    const record = await this.guard(async () => this.storage.getItem(this.key("task", id)));
    if (!isTaskRecord(record) || record.owner !== owner) return undefined;
    const now = Date.now();
    if (now > Date.parse(record.createdAt) + record.ttlMs && isTerminal(record.status)) {
      await this.forget(record);
      return undefined;
    }
    if (!isTerminal(record.status) && now > record.leaseUntil) return this.lapse(record);
    return record;
  }

  /** A task whose instance stopped vouching for it ends `failed`: it never stays `working` forever. */
  private async lapse(record: TaskRecord): Promise<TaskRecord> {
    const failed = endWith(record, "failed", {
      error: { code: -32603, message: "The server running this task stopped before it finished" },
    });
    await this.save(failed);
    await this.release(record).catch(() => {});
    return failed;
  }

  /** Writes the running instance's view of a task. */
  async save(record: TaskRecord): Promise<void> {
    await this.guard(async () => this.storage.setItem(this.key("task", record.taskId), record as never, this.expiry(record)));
  }

  /**
   * Writes the task's end. The cancel key is removed only when the running instance saw one (`cancelSeen`): one
   * written after its last look is left to expire with the task (the storage's own expiry, or this instance's sweep),
   * which spares every task that was never cancelled a write.
   */
  async finish(record: TaskRecord, cancelSeen = true): Promise<void> {
    // Past its ttl a task is no longer kept (a reader would forget it at once): writing it would bring back what the
    // sweep removed, for good on a storage without expiry.
    if (Date.now() > Date.parse(record.createdAt) + record.ttlMs) return this.forget(record);
    await this.save(record);
    await this.release(record).catch(() => {});
    if (cancelSeen) await this.storage.removeItem(this.key("cancel", record.taskId)).catch(() => {});
  }

  async requestCancel(record: TaskRecord): Promise<void> {
    await this.guard(async () => this.storage.setItem(this.key("cancel", record.taskId), 1 as never, this.expiry(record)));
  }

  async cancelRequested(id: string): Promise<boolean> {
    return (await this.storage.hasItem(this.key("cancel", id))) === true;
  }

  /**
   * Keeps the responses to the task's outstanding requests; any other key is ignored, as the spec asks. So is a key
   * already answered and not yet taken by the running instance: the first answer stands (a second `tasks/update` with
   * the same key must not replace what the client answered first). Without compare-and-set two instances answering the
   * same key in the same instant may still both write; one client's retry does not.
   */
  async answer(record: TaskRecord, responses: Record<string, unknown>): Promise<void> {
    const outstanding = record.inputRequests ?? {};
    const keys = Object.keys(responses).filter((key) => Object.hasOwn(outstanding, key));
    await this.guard(async () =>
      Promise.all(
        keys.map(async (key) => {
          const stored = this.answerKey(record.taskId, key);
          if (await this.storage.hasItem(stored)) return;
          await this.storage.setItem(stored, responses[key] as never, this.expiry(record));
        }),
      ),
    );
  }

  /** Takes the answer to one request, if it came (the running instance's side). */
  async takeAnswer(id: string, key: string): Promise<unknown> {
    const stored = this.answerKey(id, key);
    const answer = await this.storage.getItem(stored);
    if (answer === null || answer === undefined) return undefined;
    await this.storage.removeItem(stored).catch(() => {});
    return answer;
  }

  async forget(record: TaskRecord): Promise<void> {
    await Promise.allSettled([
      this.storage.removeItem(this.key("task", record.taskId)),
      this.storage.removeItem(this.key("cancel", record.taskId)),
      this.release(record),
    ]);
  }

  /** Forgets this instance's tasks whose ttl has passed (each creation looks; the oldest come first). */
  private sweep(): void {
    const now = Date.now();
    let next = this.#sweptUpTo;
    while (next < this.#created.length && (this.#created[next] as { until: number }).until < now) {
      const { id } = this.#created[next] as { id: string };
      // Removed whatever its state: past its ttl a task is no longer kept, finished or not (the runner ends it then).
      // The storage is loaded: this instance created the task in it.
      const storage = this.storage;
      void Promise.allSettled([storage.removeItem(this.key("task", id)), storage.removeItem(this.key("cancel", id))]);
      next++;
    }
    if (next > 1024 && next * 2 > this.#created.length) {
      this.#created.splice(0, next);
      next = 0;
    }
    this.#sweptUpTo = next;
  }

  /** Changes to one caller's held tasks run in turn on this instance, so none undoes another. */
  readonly #holding = new Map<string, Promise<unknown>>();

  private holding<T>(owner: string, change: () => Promise<T>): Promise<T> {
    const before = this.#holding.get(owner) ?? Promise.resolve();
    const next = before.then(change, change);
    const settled = next.catch(() => {});
    this.#holding.set(owner, settled);
    settled.then(() => {
      if (this.#holding.get(owner) === settled) this.#holding.delete(owner);
    });
    return next;
  }

  /**
   * The caller's unfinished tasks, across instances, by id. Entries past their task's ttl go on the way; at the bound,
   * each entry is checked against its task (one that ended elsewhere and whose release was lost goes too).
   */
  private async heldTasks(owner: string): Promise<Record<string, number>> {
    const stored = await this.storage.getItem(this.heldKey(owner));
    const now = Date.now();
    const held: Record<string, number> = {};
    if (isRecord(stored)) for (const [id, until] of Object.entries(stored)) if (typeof until === "number" && until > now) held[id] = until;
    if (Object.keys(held).length < this.maxTasksPerCaller) return held;
    // Only read here: `read` may end a lapsed task, whose release would wait on this very change.
    for (const id of Object.keys(held)) {
      const record = await this.storage.getItem(this.key("task", id));
      const live = isTaskRecord(record) && record.owner === owner && !isTerminal(record.status) && record.leaseUntil >= now;
      if (!live) delete held[id];
    }
    return held;
  }

  /** The task no longer counts against its caller. */
  private release(record: TaskRecord): Promise<void> {
    if (this.#heldHere) {
      this.releaseHere(this.#heldHere, record.owner, record.taskId);
      return Promise.resolve();
    }
    return this.holding(record.owner, async () => {
      const stored = await this.storage.getItem(this.heldKey(record.owner));
      if (!isRecord(stored) || !Object.hasOwn(stored, record.taskId)) return;
      const { [record.taskId]: _gone, ...left } = stored;
      if (Object.keys(left).length === 0) await this.storage.removeItem(this.heldKey(record.owner));
      else await this.storage.setItem(this.heldKey(record.owner), left as never, { ttl: Math.ceil(this.ttlMs / 1000) + 60 });
    });
  }

  private releaseHere(heldHere: MarkedMap<string, Map<string, number>>, owner: string, id: string): void {
    const held = heldHere.get(owner);
    if (held?.delete(id) && held.size === 0) heldHere.delete(owner);
  }

  /** The storage's own expiry for drivers that have one (Redis, KV), a little after the task's own. */
  private expiry(record: TaskRecord): { ttl: number } {
    const left = Date.parse(record.createdAt) + record.ttlMs - Date.now();
    return { ttl: Math.max(1, Math.ceil(left / 1000) + 60) };
  }

  private async guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new TaskStoreError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  }
}

/** Ends a task with a status and its payload, at the current time. */
export function endWith(record: TaskRecord, status: "completed" | "failed" | "cancelled", payload: Partial<TaskRecord> = {}): TaskRecord {
  const { inputRequests: _drop, ...rest } = record;
  const ended: TaskRecord = { ...rest, ...payload, status, lastUpdatedAt: new Date().toISOString() };
  if (status === "failed" && ended.error) ended.statusMessage = ended.error.message;
  return ended;
}

/**
 * A store for MCP tasks on any unstorage storage. Hand it to `createMcpServer`, `createMcpHttpHandler` or h3's
 * `registerMcpRoute` as `tasks`; without one, a server keeps its tasks in memory. Options are checked now.
 */
export function createTaskStore(options: TaskStoreOptions = {}): TaskStore {
  return new TaskBook(options, "createTaskStore");
}

/** The store a server uses: the one given, or a memory one of its own. */
export function taskBookOf(given: unknown, where: string): TaskBook {
  if (given === undefined) return new TaskBook({}, where);
  if (given instanceof TaskBook && stores.has(given)) return given;
  throw new ToolDefinitionError(`${where}: tasks must be a store made by createTaskStore`);
}

function isStorage(value: unknown): value is TaskStorage {
  return isRecord(value) && ["getItem", "setItem", "removeItem", "hasItem"].every((m) => typeof value[m] === "function");
}

function isTaskRecord(value: unknown): value is TaskRecord {
  return isRecord(value) && typeof value.taskId === "string" && typeof value.owner === "string" && typeof value.status === "string";
}

/** The caller as a storage key: hex of its principal, so no caller's name can add a `:` to the key. */
function ownerKey(owner: string): string {
  if (owner === "") return "anonymous";
  let hex = "";
  for (const byte of new TextEncoder().encode(owner)) hex += byte.toString(16).padStart(2, "0");
  return hex;
}
