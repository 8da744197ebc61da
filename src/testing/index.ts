/**
 * @agntn/tools/testing: your tools tested the way hosts run them, under any
 * test runner.
 * - createTestClient: an MCP client in the test's process (no port), with
 *   scripted answers to questions and sampling, and what the server sent kept.
 * - createTestHost / callOnHosts: the same calls through one host or through
 *   every host installed, each driven through its real call path.
 * - assertSameAnswers: throws, with the difference, when hosts disagree beyond
 *   the framing each host adds.
 */
export {
  createTestClient,
  type LogSeen,
  type ProgressSeen,
  type QuestionAnswer,
  type SampleAnswer,
  type TestClient,
  type TestClientOptions,
  type TestClientTarget,
} from "./client.ts";
export { createTestHost, HostUnavailableError, type TestHost, type TestHostOptions } from "./hosts.ts";
export { assertSameAnswers, type CallOnHostsOptions, callOnHosts, type HostRow, type HostTable, type SameAnswersOptions } from "./table.ts";
export type { HostAnswer, HostName, TestCall } from "./types.ts";
