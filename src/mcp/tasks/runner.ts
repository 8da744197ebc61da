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
import { endWith, type InputRequest, isTerminal, type TaskBook, type TaskRecord } from "./store.ts";

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
  #cancelled = false;
  #expired = false;
  #writes: Promise<void> = Promise.resolve();
  #dirty = false;
  #savedAt = Date.now();
  #checking = false;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(book: TaskBook, record: TaskRecord, work: TaskWork) {
    this.#book = book;
    this.#record = record;
    this.#work = work;
    book.running++;
    this.#timer = setInterval(() => this.#check(), CHECK_MS);
    (this.#timer as { unref?: () => void }).unref?.();
    this.done = this.#run().finally(() => {
      clearInterval(this.#timer);
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
    let ended: TaskRecord;
    try {
      const result = await this.#work.run(host, this.#record.taskId);
      ended = this.#ending() ?? endWith(this.#record, "completed", { result: { ...result } });
    } catch (error) {
      // The call path never throws (every failure is a result); only the server itself failing gets here.
      ended =
        this.#ending() ??
        endWith(this.#record, "failed", {
          error: { code: -32603, message: `The task could not finish: ${sanitizeLine(messageOf(error))}` },
        });
    }
    for (const waiting of this.#waiting.values()) waiting.reject(new Error("the task ended"));
    this.#waiting.clear();
    this.#record = ended;
    await this.#writes;
    try {
      await this.#book.finish(ended, this.#cancelled);
    } catch (error) {
      // The lease lapses and readers see the task failed: it never stays working.
      this.#work.report(error);
    }
  }

  /** The end a cancel or the ttl chose, before the tool's own answer. */
  #ending(): TaskRecord | undefined {
    if (this.#cancelled) return endWith(this.#record, "cancelled", { statusMessage: "Cancelled at the client's request" });
    if (this.#expired) {
      const message = `The task ran past its time to live of ${this.#record.ttlMs} ms`;
      return endWith(this.#record, "failed", { error: { code: -32603, message } });
    }
    return undefined;
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
    if (isTerminal(this.#record.status)) return;
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
        this.#work.report(error);
      }
    });
  }

  /** The look a few times a second: a cancel, answers, the ttl, and the lease. */
  async #check(): Promise<void> {
    if (this.#checking || isTerminal(this.#record.status)) return;
    this.#checking = true;
    const id = this.#record.taskId;
    try {
      if (!this.#cancelled && (await this.#book.cancelRequested(id))) {
        this.#cancelled = true;
        this.#abort.abort(new Error("the task was cancelled"));
      }
      for (const [key, waiting] of [...this.#waiting]) {
        const answer = await this.#book.takeAnswer(id, key);
        if (answer !== undefined) waiting.resolve(answer);
      }
      if (!this.#expired && Date.now() > Date.parse(this.#record.createdAt) + this.#record.ttlMs) {
        this.#expired = true;
        this.#abort.abort(new Error("the task ran past its time to live"));
      }
      if (Date.now() - this.#savedAt > this.#book.leaseMs / 3) this.#flush();
    } catch (error) {
      this.#work.report(error);
    } finally {
      this.#checking = false;
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
