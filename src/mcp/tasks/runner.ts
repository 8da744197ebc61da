/**
 * Runs one tool call as a task, on the instance that created it. The tool
 * learns nothing new: its progress becomes the task's status message, a
 * question or a sampling request becomes an input request answered through
 * `tasks/update`, `tasks/cancel` fires its abort signal, and its answer (or
 * its one cleaned error text) is the task's result.
 *
 * A few times a second the runner looks for a cancel and for answers, and it
 * renews its lease; writes of the task go one after another, the latest state
 * each time, so a burst of progress costs one write in flight.
 */
import type { HostContext, ProgressReport } from "../../core/context.ts";
import { sanitizeLine } from "../../core/sanitize.ts";
import { askByRequest } from "../../protocol/ask.ts";
import type { McpCallResult } from "../../protocol/call.ts";
import { sampleByRequest } from "../../protocol/sample.ts";
import { endWith, type InputRequest, type TaskBook, type TaskRecord } from "./store.ts";

/** How often the running instance looks for a cancel or an answer: a cancel through any instance is seen within a second. */
export const CHECK_MS = 250;

/** What the task runs: the call, handed the task's own signal, progress and (where the client may answer) questions. */
export interface TaskWork {
  run(host: Pick<HostContext, "signal" | "progress" | "ask" | "sample">, taskId: string): Promise<McpCallResult>;
  /** The tool may ask the person (the client declared forms) / the client's model (it declared sampling). */
  asks: boolean;
  samples: boolean;
  report(error: unknown): void;
}

/**
 * The looks of the tasks one store runs on this instance, made by one timer: a task pays an entry in a Set, not a
 * timer of its own. The timer stops at the first tick that finds no task, so a burst of short tasks starts it once.
 */
class Looks {
  readonly #looks = new Set<() => void>();
  #timer: ReturnType<typeof setInterval> | undefined;

  add(look: () => void): void {
    this.#looks.add(look);
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => this.#tick(), CHECK_MS);
    (this.#timer as { unref?: () => void }).unref?.();
  }

  delete(look: () => void): void {
    this.#looks.delete(look);
  }

  #tick(): void {
    if (this.#looks.size === 0) {
      clearInterval(this.#timer);
      this.#timer = undefined;
      return;
    }
    for (const look of this.#looks) look();
  }
}

const looksOf = new WeakMap<TaskBook, Looks>();

interface Waiting {
  resolve(answer: unknown): void;
  reject(reason: unknown): void;
}

/** Starts the work in the background; the record was stored by `TaskBook.create`. Resolves when the task has ended. */
export function startTask(book: TaskBook, record: TaskRecord, work: TaskWork): Promise<void> {
  return new RunningTask(book, record, work).done;
}

class RunningTask {
  readonly done: Promise<void>;
  #record: TaskRecord;
  readonly #book: TaskBook;
  readonly #work: TaskWork;
  readonly #abort = new AbortController();
  readonly #waiting = new Map<string, Waiting>();
  #writes: Promise<void> = Promise.resolve();
  #dirty = false;
  #savedAt = Date.now();
  #checking = false;
  #ended: Promise<void> | undefined;
  readonly #looks: Looks;
  readonly #look = () => void this.#check();

  constructor(book: TaskBook, record: TaskRecord, work: TaskWork) {
    this.#book = book;
    this.#record = record;
    this.#work = work;
    book.running++;
    let looks = looksOf.get(book);
    if (looks === undefined) {
      looks = new Looks();
      looksOf.set(book, looks);
    }
    this.#looks = looks;
    looks.add(this.#look);
    this.done = this.#run().finally(() => {
      looks.delete(this.#look);
      book.running--;
    });
  }

  async #run(): Promise<void> {
    const signal = this.#abort.signal;
    const host: Pick<HostContext, "signal" | "progress" | "ask" | "sample"> = {
      signal,
      progress: (report) => this.#progress(report),
    };
    const send = (method: InputRequest["method"]) => (params: object, abort: AbortSignal | undefined) =>
      this.#input({ method, params: { ...params } }, abort);
    if (this.#work.asks) host.ask = askByRequest(send("elicitation/create"), signal);
    if (this.#work.samples) host.sample = sampleByRequest(send("sampling/createMessage"), signal);
    try {
      const result = await this.#work.run(host, this.#record.taskId);
      await this.#end(endWith(this.#record, "completed", { result: { ...result } }));
    } catch (error) {
      // The call path never throws (every failure is a result); only the server itself failing gets here.
      const message = `The task could not finish: ${sanitizeLine(messageOf(error))}`;
      await this.#end(endWith(this.#record, "failed", { error: { code: -32603, message } }));
    }
    await this.#ended;
  }

  /**
   * Ends the task once: the first end wins. A cancel or the ttl ends it at once, whether or not the tool heeds its
   * signal (a tool that never returns would otherwise keep renewing a task nobody wants); what it answers later is dropped.
   */
  #end(ended: TaskRecord): Promise<void> {
    if (this.#ended) return this.#ended;
    this.#looks.delete(this.#look);
    for (const waiting of this.#waiting.values()) waiting.reject(new Error("the task ended"));
    this.#waiting.clear();
    this.#record = ended;
    this.#ended = (async () => {
      await this.#writes;
      try {
        // A cancel key is only there to remove when a cancel ended the task.
        await this.#book.finish(ended, ended.status === "cancelled");
      } catch (error) {
        // The lease lapses and readers see the task failed: it never stays working.
        this.#report("could not write its end to the task store", error);
      }
    })();
    return this.#ended;
  }

  #progress(report: ProgressReport): void {
    const shown = report.total === undefined ? report.message : `${report.message} (${report.progress}/${report.total})`;
    this.#update({ statusMessage: shown });
  }

  /** One input request: a key never used before in this task, answered through `tasks/update`. */
  #input(request: InputRequest, abort: AbortSignal | undefined): Promise<unknown> {
    if (abort?.aborted) return Promise.reject(abort.reason);
    const key = `${request.method === "elicitation/create" ? "ask" : "sample"}-${this.#record.inputs + 1}`;
    return new Promise((resolve, reject) => {
      const forget = () => {
        this.#waiting.delete(key);
        const { [key]: _gone, ...left } = this.#record.inputRequests ?? {};
        this.#update(Object.keys(left).length === 0 ? { inputRequests: undefined, status: "working" } : { inputRequests: left });
      };
      this.#waiting.set(key, {
        resolve: (answer) => {
          forget();
          resolve(answer);
        },
        reject: (reason) => {
          this.#waiting.delete(key);
          reject(reason);
        },
      });
      abort?.addEventListener(
        "abort",
        () => {
          if (!this.#waiting.has(key)) return;
          forget();
          reject(abort.reason);
        },
        { once: true },
      );
      this.#update({
        inputs: this.#record.inputs + 1,
        status: "input_required",
        inputRequests: { ...this.#record.inputRequests, [key]: request },
      });
    });
  }

  /** Changes the task and writes it (after the write in flight, if any). */
  #update(change: Partial<TaskRecord>): void {
    if (this.#ended) return;
    const next: TaskRecord = { ...this.#record, ...change, lastUpdatedAt: new Date().toISOString() };
    if (next.inputRequests === undefined) delete next.inputRequests;
    this.#record = next;
    this.#flush();
  }

  #flush(): void {
    if (this.#dirty) return;
    this.#dirty = true;
    this.#writes = this.#writes.then(async () => {
      this.#dirty = false;
      const record = { ...this.#record, leaseUntil: Date.now() + this.#book.leaseMs };
      this.#savedAt = Date.now();
      try {
        await this.#book.save(record);
      } catch (error) {
        this.#report("could not write its state to the task store", error);
      }
    });
  }

  /** The look a few times a second: a cancel, answers, the ttl, and the lease. */
  async #check(): Promise<void> {
    if (this.#checking || this.#ended) return;
    this.#checking = true;
    const id = this.#record.taskId;
    try {
      if (await this.#book.cancelRequested(id)) {
        this.#abort.abort(new Error("the task was cancelled"));
        await this.#end(endWith(this.#record, "cancelled", { statusMessage: "Cancelled at the client's request" }));
        return;
      }
      for (const [key, waiting] of [...this.#waiting]) {
        const answer = await this.#book.takeAnswer(id, key);
        if (answer !== undefined) waiting.resolve(answer);
      }
      if (Date.now() > Date.parse(this.#record.createdAt) + this.#record.ttlMs) {
        this.#abort.abort(new Error("the task ran past its time to live"));
        const message = `The task ran past its time to live of ${this.#record.ttlMs} ms`;
        await this.#end(endWith(this.#record, "failed", { error: { code: -32603, message } }));
        return;
      }
      if (!this.#ended && Date.now() - this.#savedAt > this.#book.leaseMs / 3) this.#flush();
    } catch (error) {
      this.#report("could not read its cancel or answers from the task store", error);
    } finally {
      this.#checking = false;
    }
  }

  /**
   * One clean line naming the tool and the task: the store's own message may hold anything (a driver's text with
   * line breaks or escape codes), and a bare "connection refused" tells an operator nothing of which task it hit.
   */
  #report(what: string, error: unknown): void {
    const { tool, taskId } = this.#record;
    this.#work.report(new Error(`${sanitizeLine(tool)}: task ${taskId} ${what} (${sanitizeLine(messageOf(error))})`));
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
