import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-PFYVG3WE.js";
import "./chunk-W5ENC4GP.js";
import {
  ARCHIVE_DIR
} from "./chunk-UWLGHJZD.js";
import "./chunk-5FXUYNES.js";
import "./chunk-QSDIKEXA.js";
import "./chunk-T2M7576Q.js";
import "./chunk-XTT75VXB.js";
import "./chunk-MDKNWCHG.js";
import "./chunk-KOPXADFB.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
