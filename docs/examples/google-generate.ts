import { toGoogleTool } from "@agntn/tools/google";
import { GoogleGenAI } from "@google/genai";
import { tools } from "./tools.ts";

const ai = new GoogleGenAI({ apiKey: process.env.GEMINI_API_KEY });
const response = await ai.models.generateContent({
  model: "gemini-2.5-flash",
  contents: "Give me a URL slug for: Héllo, Wörld!",
  // One callable tool for the whole list; the SDK calls it for the model, up to ten rounds by default.
  config: { tools: [toGoogleTool(tools)] },
});
console.log(response.text);
