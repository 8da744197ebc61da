/** A failure already worded for the model: thrown to Pi as is (Pi reads `error.message`). */
export class PiCallError extends Error {
  override name = "PiCallError";
}
