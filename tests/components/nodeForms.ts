/**
 * jsdom's File and FormData cannot cross into Node's fetch in the component tests (vitest's bridge
 * cannot read a jsdom Blob's bytes): a test file that sends forms calls `useNodeForms()` to run
 * with Node's own classes, as a browser would send them.
 */
import { Blob as NodeBlob, File as NodeFile } from "node:buffer";
import { afterEach, beforeEach } from "vitest";

export function useNodeForms(): void {
  const jsdomClasses = { File: globalThis.File, Blob: globalThis.Blob, FormData: globalThis.FormData };
  beforeEach(async () => {
    // Node's FormData class is not a global of the jsdom environment: take it from a parsed form.
    const nodeForm = await new Response(new URLSearchParams("a=b")).formData();
    Object.assign(globalThis, { File: NodeFile, Blob: NodeBlob, FormData: nodeForm.constructor });
  });
  afterEach(() => {
    Object.assign(globalThis, jsdomClasses);
  });
}
