/**
 * `npm run check:contract`: the contract's changes against the main branch's (a short changelog),
 * failing on a breaking change that openapi/breaking-changes.txt does not acknowledge, one line
 * each, as printed. The base is CONTRACT_BASE if set; else `main` when this is another branch;
 * on main itself, the commit before this one (CI checks what the last commit changed).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { diffContracts } from "./contract/diff";

const git = (...args: string[]): string => execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
const tryGit = (...args: string[]): string | null => {
  try {
    return git(...args);
  } catch {
    return null;
  }
};

const head = tryGit("rev-parse", "HEAD");
const main = tryGit("rev-parse", "--verify", "main") ?? tryGit("rev-parse", "--verify", "origin/main");
const base = process.env.CONTRACT_BASE ?? (main && main !== head ? main : tryGit("rev-parse", "--verify", "HEAD~1"));
const before = base ? tryGit("show", `${base}:src/generated/contract.json`) : null;
if (!before) {
  console.log("Contract check: no earlier contract to compare with.");
  process.exit(0);
}
const after = readFileSync(new URL("../src/generated/contract.json", import.meta.url), "utf8");
const changes = diffContracts(JSON.parse(before), JSON.parse(after));
const acknowledged = new Set(
  readFileSync(new URL("../openapi/breaking-changes.txt", import.meta.url), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#")),
);
console.log(`Contract changes since ${base?.slice(0, 10)}: ${changes.length === 0 ? "none" : ""}`);
for (const change of changes) console.log(`  ${change.breaking ? (acknowledged.has(change.text) ? "BREAKING (acknowledged)" : "BREAKING") : "ok"}  ${change.text}`);
const unacknowledged = changes.filter((change) => change.breaking && !acknowledged.has(change.text));
if (unacknowledged.length > 0) {
  console.error(
    `\n${unacknowledged.length} breaking contract change(s). If meant, add each line to openapi/breaking-changes.txt:\n${unacknowledged.map((c) => `  ${c.text}`).join("\n")}`,
  );
  process.exit(1);
}
