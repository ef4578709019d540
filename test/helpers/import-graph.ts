/**
 * The import graph of src/, read from the source text (static `import` and `export ... from`, type-only
 * ones included, and `import()` of a literal path), and the cycles in it, at the level of files and of
 * folders, for the architecture tests (issue 21).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** Every .ts file under `dir`, as paths relative to `root`, sorted. */
export function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(root, path);
      return entry.name.endsWith('.ts') ? [path] : [];
    })
    .sort();
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative module paths a source text imports, as written. */
export function importsOf(text: string): string[] {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');
  return [...withoutComments.matchAll(IMPORT)].map((match) => (match[1] ?? match[2] ?? match[3])!).filter((path) => path.startsWith('.'));
}

/** file -> the files of `files` it imports. */
export function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(readFileSync(join(root, file), 'utf8'))
      .map((path) => normalize(join(dirname(file), path)))
      .filter((path) => known.has(path));
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * The node a file counts in at the level of folders: its folder, except for the files at the top of
 * `root` (main.ts, config.ts, log.ts...), which belong to no part and count each as a node of its own.
 */
function folderOf(root: string, file: string): string {
  return dirname(file) === root ? file : dirname(file);
}

/** folder -> the other folders its files import from (each folder a node of its own, nested or not). */
export function folderGraph(root: string, graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(root, file);
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const target of targets) if (folderOf(root, target) !== from) edges.add(folderOf(root, target));
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges].sort()]));
}

/** The strongly connected components of more than one node (or a node importing itself): the cycles. */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  function visit(node: string): void {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Each cycle with the imports that close it, for a failure message a maintainer can act on. */
export function describeCycles(graph: ReadonlyMap<string, readonly string[]>, cycles: readonly string[][]): string[] {
  return cycles.map((cycle) => {
    const members = new Set(cycle);
    const edges = cycle.flatMap((node) =>
      (graph.get(node) ?? []).filter((target) => members.has(target)).map((target) => `${node} -> ${target}`),
    );
    return edges.join('; ');
  });
}
