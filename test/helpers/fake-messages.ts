/**
 * The fake Anthropic Messages API the tests hand Claude Code and the Anthropic
 * SDK: the testing kit's own (src/testing/hosts/anthropic-messages.ts).
 */
export {
  type FakeBlock,
  type FakeMessagesApi,
  type FakeTurn,
  fakeMessagesApi,
  type MessagesRequest,
  textTurn,
  toolResults,
  toolTurn,
} from "../../src/testing/hosts/anthropic-messages.ts";
