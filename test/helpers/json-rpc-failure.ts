/** A request the test expects a client to refuse, read as the client sees the JSON-RPC error: its code and message. */
export async function failure(promise: Promise<unknown>): Promise<{ code: unknown; message: string }> {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code: unknown }).code, message: (error as Error).message };
  }
  throw new Error("expected the request to fail");
}
