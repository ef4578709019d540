/**
 * The vocabulary's radix tree (MiniSearch's SearchableMap: term -> term id) laid out flat in typed
 * arrays, and the two lookups search makes in it: by prefix and by edit distance (exact lookups are a
 * hash table's, term-table.ts).
 *
 * Why flat: a reload's index is built in the reading process and taken by the serving thread
 * (index-parts.ts). As MiniSearch's nested Maps, the three languages' trees were 2.5 MB of small heap
 * objects, two thirds of what a day's edits handed the serving thread, and V8's young-generation
 * collections copied them twice with the thread stopped (docs/performance.md#reloading-a-snapshot). As
 * six typed arrays they cross as bytes, cost a collection nothing to keep, and need no Map of terms
 * made again on arrival.
 *
 * The layout keeps the tree as SearchableMap built it: one node per entry of a Map, in depth-first
 * order, each Map's entries in their insertion order. An edge entry has a label (a run of UTF-16 code
 * units in `labels`) and its child Map's entries as its children; a leaf entry (MiniSearch's '' key)
 * has the term id and no children. Node 0 is the root Map itself. The walks below are MiniSearch's
 * own, over this layout, so they find the same terms in the same order (test/search/text/flat-radix.test.ts
 * compares them with SearchableMap's on every term and thousands of typed strings).
 */
import type SearchableMap from 'minisearch/SearchableMap';
import type { Steps } from '../../time-slices.ts';
import { IntList } from '../structures/int-list.ts';

export interface FlatRadixTree {
  /** node -> nodes in its subtree, itself included: its next sibling is node + size. */
  readonly sizes: Int32Array;
  /** node -> the term id of a leaf entry, or -1 for an edge (and the root). */
  readonly termIds: Int32Array;
  /** node -> where its edge label starts in `labels`, and its length (0 for a leaf and the root). */
  readonly labelStart: Int32Array;
  readonly labelLength: Uint16Array;
  /** node -> its previous sibling, or -1: a prefix's terms are listed from each Map's last entry (below). */
  readonly previousSibling: Int32Array;
  /** The edge labels' code units, end to end. */
  readonly labels: Uint16Array;
  /** Edges on the longest path from the root: how deep a walk's stack goes. */
  readonly depth: number;
}

/** Nodes laid out between two pauses of a sliced build: about a millisecond. */
const NODES_PER_STEP = 8192;

/** A list of values under 65,536 (label lengths, UTF-16 code units) packed at half the width. */
const packedUint16 = (list: IntList): Uint16Array => Uint16Array.from(list.data.subarray(0, list.length));

/** `tree` laid out flat, a slice of nodes a step. */
export function* flatRadixTreeSteps(tree: SearchableMap<number>): Steps<FlatRadixTree> {
  const root = (tree as unknown as { _tree: Map<string, unknown> })._tree;
  const sizes = new IntList(1024);
  const termIds = new IntList(1024);
  const labelStart = new IntList(1024);
  // Grown as 32-bit ints like the rest, packed as UTF-16 code units at the end.
  const labelLength = new IntList(1024);
  const labels = new IntList(4096);
  const previousSibling = new IntList(1024);
  const add = (id: number, label: string, previous: number): number => {
    const node = sizes.length;
    sizes.push(1);
    termIds.push(id);
    labelStart.push(labels.length);
    labelLength.push(label.length);
    previousSibling.push(previous);
    for (let i = 0; i < label.length; i++) labels.push(label.charCodeAt(i));
    return node;
  };
  add(-1, '', -1);
  // Depth first with an explicit stack: each frame is a Map's entries still to lay out under `node`.
  const stack: { node: number; entries: Iterator<[string, unknown]>; previous: number }[] = [
    { node: 0, entries: root.entries(), previous: -1 },
  ];
  let work = 0;
  let depth = 0;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const next = frame.entries.next();
    if (next.done === true) {
      stack.pop();
      sizes.data[frame.node] = sizes.length - frame.node;
      continue;
    }
    const [key, value] = next.value;
    if (key === '') {
      frame.previous = add(value as number, '', frame.previous);
    } else {
      const node = add(-1, key, frame.previous);
      frame.previous = node;
      stack.push({ node, entries: (value as Map<string, unknown>).entries(), previous: -1 });
      depth = Math.max(depth, stack.length - 1);
    }
    if (++work % NODES_PER_STEP === 0) yield;
  }
  return {
    sizes: sizes.packed(),
    termIds: termIds.packed(),
    labelStart: labelStart.packed(),
    labelLength: packedUint16(labelLength),
    previousSibling: previousSibling.packed(),
    labels: packedUint16(labels),
    depth,
  };
}

/** Whether `node`'s edge label is `text` from `at` on (all of the label). */
function labelMatches(tree: FlatRadixTree, node: number, text: string, at: number): boolean {
  const length = tree.labelLength[node]!;
  if (at + length > text.length) return false;
  const start = tree.labelStart[node]!;
  for (let i = 0; i < length; i++) if (tree.labels[start + i] !== text.charCodeAt(at + i)) return false;
  return true;
}

/** Whether `text` from `at` on is where `node`'s edge label starts (all of the rest of the text). */
function labelStartsWith(tree: FlatRadixTree, node: number, text: string, at: number): boolean {
  if (text.length - at > tree.labelLength[node]!) return false;
  const start = tree.labelStart[node]!;
  for (let i = at; i < text.length; i++) if (tree.labels[start + i - at] !== text.charCodeAt(i)) return false;
  return true;
}

/** The prefix walk's stack, one node a depth: kept, so that a walk allocates nothing (walks never nest). */
let walkStack = new Int32Array(64);

/**
 * The ids of the terms that start with `prefix`, in the order SearchableMap's `atPrefix(prefix)`
 * iterates them (each Map's entries from its last), handed to `visit` until it returns false.
 */
export function forEachWithPrefix(tree: FlatRadixTree, prefix: string, visit: (id: number) => boolean): void {
  // trackDown: whole edges while they fit; then the one edge the rest of the prefix starts, if any.
  let node = 0;
  let at = 0;
  let only = -1;
  walk: while (at < prefix.length) {
    for (let child = node + 1, end = node + tree.sizes[node]!; child < end; child += tree.sizes[child]!) {
      if (tree.termIds[child]! < 0 && labelMatches(tree, child, prefix, at)) {
        at += tree.labelLength[child]!;
        node = child;
        continue walk;
      }
    }
    for (let child = node + 1, end = node + tree.sizes[node]!; child < end; child += tree.sizes[child]!) {
      if (tree.termIds[child]! < 0 && labelStartsWith(tree, child, prefix, at)) {
        only = child;
        break walk;
      }
    }
    return;
  }
  // Each stack entry is the next node to visit at its depth, walking from a Map's last entry back.
  if (walkStack.length <= tree.depth) walkStack = new Int32Array(tree.depth + 1);
  const stack = walkStack;
  let depth = 0;
  if (only >= 0) stack[0] = only;
  else {
    const last = lastChildOf(tree, node);
    if (last < 0) return;
    stack[0] = last;
  }
  while (depth >= 0) {
    const at = stack[depth]!;
    if (at < 0) {
      depth--;
      continue;
    }
    // The view of a prefix inside an edge holds that edge alone: no siblings after it.
    stack[depth] = depth === 0 && only >= 0 ? -1 : tree.previousSibling[at]!;
    if (tree.termIds[at]! >= 0) {
      if (!visit(tree.termIds[at]!)) return;
      continue;
    }
    const last = lastChildOf(tree, at);
    if (last >= 0) stack[++depth] = last;
  }
}

function lastChildOf(tree: FlatRadixTree, node: number): number {
  let last = -1;
  for (let child = node + 1, end = node + tree.sizes[node]!; child < end; child += tree.sizes[child]!) last = child;
  return last;
}

/**
 * The terms within `maxDistance` Levenshtein edits of `query`, with their distance, in the order
 * SearchableMap's `fuzzyGet` finds them: its banded matrix over the tree, an edge's row at a time.
 */
export function forEachWithin(
  tree: FlatRadixTree,
  query: string,
  maxDistance: number,
  visit: (id: number, distance: number) => void,
): void {
  const n = query.length + 1;
  // Matching terms can never be longer than the query and maxDistance.
  const m = n + maxDistance;
  const matrix = new Uint8Array(m * n).fill(maxDistance + 1);
  for (let j = 0; j < n; ++j) matrix[j] = j;
  for (let i = 1; i < m; ++i) matrix[i * n] = i;
  within(tree, 0, query, maxDistance, visit, matrix, 1, n, m);
}

function within(
  tree: FlatRadixTree,
  node: number,
  query: string,
  maxDistance: number,
  visit: (id: number, distance: number) => void,
  matrix: Uint8Array,
  row: number,
  n: number,
  m: number,
): void {
  const offset = row * n;
  next: for (let child = node + 1, end = node + tree.sizes[node]!; child < end; child += tree.sizes[child]!) {
    const id = tree.termIds[child]!;
    if (id >= 0) {
      const distance = matrix[offset - 1]!;
      if (distance <= maxDistance) visit(id, distance);
      continue;
    }
    let i = row;
    const start = tree.labelStart[child]!;
    for (let pos = 0, length = tree.labelLength[child]!; pos < length; ++pos, ++i) {
      // Past the matrix's last row every term is further than maxDistance (SearchableMap reads
      // undefined there and so reports none of them).
      if (i >= m) continue next;
      const char = tree.labels[start + pos]!;
      const thisRowOffset = n * i;
      const prevRowOffset = thisRowOffset - n;
      let minDistance = matrix[thisRowOffset]!;
      const jmin = Math.max(0, i - maxDistance - 1);
      const jmax = Math.min(n - 1, i + maxDistance);
      for (let j = jmin; j < jmax; ++j) {
        const different = char !== query.charCodeAt(j) ? 1 : 0;
        const rpl = matrix[prevRowOffset + j]! + different;
        const del = matrix[prevRowOffset + j + 1]! + 1;
        const ins = matrix[thisRowOffset + j]! + 1;
        const dist = Math.min(rpl, del, ins);
        matrix[thisRowOffset + j + 1] = dist;
        if (dist < minDistance) minDistance = dist;
      }
      // Distance never decreases further down: nothing under this edge is near enough.
      if (minDistance > maxDistance) continue next;
    }
    within(tree, child, query, maxDistance, visit, matrix, i, n, m);
  }
}
