/** Encoding drafts as SCR lines and sending the request to the coordinator (seed 000 §2.4). */
export { encodeDraft } from "./encode";
export { generateRequest, getSendStatus } from "./generate";
