/**
 * SPARQL 1.1 Update, applied by Tabula rather than by Oxigraph's `update`, because the
 * durable log must hold the concrete quads each request changed: WHERE clauses run as
 * SELECTs through Oxigraph, and templates are instantiated here, so `NOW()`, `RAND()`,
 * `UUID()`, `STRUUID()`, `BNODE()` and template blank nodes are evaluated once and
 * logged as data (replay is deterministic). Every operation applies to the in-memory
 * store in order, recorded in the request's {@link WriteContext}; any error undoes the
 * whole request.
 */
import type { Deadline } from '../deadline';
import type * as Oxigraph from 'oxigraph';
import { Wildcard, type GraphOrDefault, type GraphReference, type Pattern, type Quads, type SelectQuery, type Update, type UpdateOperation } from 'sparqljs';
import { DbError } from '../errors';
import { rethrowTrap } from './engine-trap';
import type { Permission } from '../documents/types';
import type { Principal } from '../security/types';
import { boundTerms, type Binding } from './bindings';
import { chooseDataset, datasetOptions, evaluate, namesDefaultGraph, UNION, type Dataset } from './dataset';
import { DEFAULT_GRAPH_IRI, DEFAULT_KEY, keyOfClientIri, keyOfEngineIri, termOfKey, type GraphKey } from './graph-names';
import { bindWhere, variablesOf, type BoundTerms } from './prebinding';
import { toExternal } from './relative-iris';
import { generateSparql, parseSparql } from './sparql-text';
import type { WriteContext } from './write-context';

type OxigraphModule = typeof Oxigraph;
type GraphTerm = Oxigraph.NamedNode | Oxigraph.DefaultGraph;
type Solution = Map<string, Oxigraph.Term>;

export interface UpdateOptions {
  principal: Principal;
  /** `base`: the initial base IRI of the update. */
  base?: string;
  /** `using-graph-uri` (client IRIs): the default graph of every WHERE. */
  usingGraphs?: readonly string[];
  /** `using-named-graph-uri` (client IRIs). */
  usingNamedGraphs?: readonly string[];
  bindings?: readonly Binding[];
  /** `perm:{role}`: added to the default permissions of graphs the update creates. */
  permissions?: readonly Permission[];
  /** The request's deadline: an update that ends past it is undone (500 XDMP-EXTIME). */
  deadline?: Deadline;
}

export interface UpdateOutcome {
  /** Graphs the update created, as the client names them (answer 201 when any). */
  created: string[];
  /** Whether any triple, graph or permission changed. */
  changed: boolean;
}

/** Parses an update and checks what can be checked before anything runs. */
export function prepareUpdate(text: string, options: Pick<UpdateOptions, 'base' | 'usingGraphs' | 'usingNamedGraphs'>): Update {
  const parsed = parseSparql(text, options.base);
  // A prologue alone (or nothing) is a valid, empty update; sparqljs returns it untyped.
  if ((parsed as { type?: string }).type === undefined) return { type: 'update', prefixes: {}, updates: [] };
  if (parsed.type !== 'update') {
    throw new DbError('RESTAPI-INVALIDCONTENT', 'expected a SPARQL update, got a query (send it as application/sparql-query or query=)');
  }
  const usingParams = (options.usingGraphs?.length ?? 0) + (options.usingNamedGraphs?.length ?? 0) > 0;
  if (usingParams) {
    const clash = parsed.updates.find((op) => 'updateType' in op && op.updateType === 'insertdelete' && (op.using || op.graph));
    if (clash) {
      throw new DbError(
        'REST-INVALIDPARAM',
        'using-graph-uri and using-named-graph-uri cannot be combined with USING, USING NAMED or WITH in the update',
      );
    }
  }
  return parsed;
}

/** Applies every operation of a parsed update, in order. */
export function applyUpdate(ctx: WriteContext, update: Update, options: UpdateOptions): void {
  const engine = new UpdateEngine(ctx, options);
  for (const op of update.updates) engine.apply(op);
}

class UpdateEngine {
  private readonly ox: OxigraphModule;
  private readonly terms: BoundTerms;
  private readonly using: { defaultGraphs: GraphKey[]; namedGraphs: GraphKey[] };

  constructor(
    private readonly ctx: WriteContext,
    options: UpdateOptions,
  ) {
    this.ox = ctx.ox;
    this.terms = boundTerms(ctx.ox, options.bindings ?? []);
    this.using = {
      defaultGraphs: (options.usingGraphs ?? []).map(keyOfClientIri),
      namedGraphs: (options.usingNamedGraphs ?? []).map(keyOfClientIri),
    };
  }

  apply(op: UpdateOperation): void {
    if ('updateType' in op) {
      switch (op.updateType) {
        case 'insert': {
          const bnodes = new Map<string, Oxigraph.BlankNode>();
          for (const q of this.instantiate(op.insert, new Map(), this.ox.defaultGraph(), bnodes)) this.ctx.insert(q);
          return;
        }
        case 'delete':
          for (const q of this.instantiate(op.delete, new Map(), this.ox.defaultGraph(), undefined)) this.ctx.remove(q);
          return;
        case 'deletewhere': {
          const solutions = this.solutions(templatePatterns(op.delete), UNION, op);
          const doomed = solutions.flatMap((s) => [...this.instantiate(op.delete, s, this.ox.defaultGraph(), undefined)]);
          for (const q of doomed) this.ctx.remove(q);
          return;
        }
        case 'insertdelete': {
          const withGraph = op.graph ? this.graphTerm(op.graph.value) : this.ox.defaultGraph();
          const dataset = this.whereDataset(op.using, op.graph ? keyOfEngineIri(op.graph.value) : undefined);
          const solutions = this.solutions(op.where, dataset, op);
          // Both templates see the same solutions: every deletion is decided before any insertion.
          const doomed = solutions.flatMap((s) => [...this.instantiate(op.delete, s, withGraph, undefined)]);
          const born = solutions.flatMap((s) => [...this.instantiate(op.insert, s, withGraph, new Map())]);
          for (const q of doomed) this.ctx.remove(q);
          for (const q of born) this.ctx.insert(q);
          return;
        }
      }
    }
    switch (op.type) {
      case 'clear':
      case 'drop':
        return this.clearOrDrop(op.type, op.graph, op.silent);
      case 'create':
        return this.createGraph(op.graph, op.silent);
      case 'add':
      case 'copy':
      case 'move':
        return this.transfer(op.type, op.source, op.destination, op.silent);
      case 'load':
        if (op.silent) return;
        throw new DbError(
          'RESTAPI-INVALIDREQ',
          `LOAD <${op.source.value}>: Tabula has no network access; fetch the data yourself and PUT or POST it to /v1/graphs`,
        );
    }
  }

  /** The dataset of a WHERE: request `using-…`, else USING / USING NAMED, else WITH, else the union. */
  private whereDataset(using: { default: Oxigraph.NamedNode[]; named: Oxigraph.NamedNode[] } | undefined, withKey: GraphKey | undefined): Dataset {
    const fromUsing = using && { defaultGraphs: using.default.map((t) => keyOfEngineIri(t.value)), namedGraphs: using.named.map((t) => keyOfEngineIri(t.value)) };
    const chosen = chooseDataset(this.using, fromUsing);
    if (chosen !== UNION || withKey === undefined) return chosen;
    return { kind: 'explicit', defaultGraphs: [withKey], namedGraphs: this.ctx.readableNamedGraphs() };
  }

  /**
   * The solutions of a WHERE clause, evaluated now (earlier operations included), with
   * the bindings pre-bound. Bound variables stay in the solutions, so a template that
   * names one gets the bound term.
   */
  private solutions(where: Pattern[], dataset: Dataset, op: UpdateOperation): Solution[] {
    const select: SelectQuery = {
      type: 'query',
      queryType: 'SELECT',
      variables: [new Wildcard()],
      where: bindWhere(where, this.terms, variablesOf(op)),
      prefixes: {},
    };
    try {
      const options = datasetOptions(this.ctx, dataset, namesDefaultGraph(where));
      return evaluate(this.ctx.store, this.ox, options, () => this.ctx.store.query(generateSparql(select), options)) as Solution[];
    } catch (e) {
      rethrowTrap(e);
      throw new DbError('RESTAPI-INVALIDCONTENT', `SPARQL update failed: ${(e as Error).message}`);
    }
  }

  /**
   * The quads a template gives for one solution. Triples with an unbound variable or an
   * ill-formed term (a literal subject, a non-IRI graph) are skipped, as SPARQL says.
   * `bnodes`: fresh blank nodes for INSERT (one map per solution); undefined where
   * blank nodes are not allowed (DELETE).
   */
  /**
   * An IRI of the update's text as the engine's term. The SPARQL parser lets through IRIs
   * the engine's own IRI parser refuses (an invalid percent escape, `%UR`); that is the
   * update's invalid content, not an engine failure.
   */
  private iri(value: string): Oxigraph.NamedNode {
    try {
      return this.ox.namedNode(value);
    } catch (e) {
      throw new DbError('RESTAPI-INVALIDCONTENT', `SPARQL update: invalid IRI <${value}>: ${(e as Error).message}`);
    }
  }

  private *instantiate(templates: Quads[], solution: Solution, defaultGraph: GraphTerm, bnodes: Map<string, Oxigraph.BlankNode> | undefined): Iterable<Oxigraph.Quad> {
    const fresh = bnodes && new Map<string, Oxigraph.BlankNode>();
    const term = (t: { termType: string; value: string }): Oxigraph.Term | undefined => {
      switch (t.termType) {
        case 'Variable':
          return solution.get(t.value);
        case 'BlankNode': {
          if (!fresh) throw new DbError('RESTAPI-INVALIDCONTENT', 'blank nodes are not allowed in DELETE DATA, DELETE WHERE or a DELETE template');
          let node = fresh.get(t.value);
          if (!node) fresh.set(t.value, (node = this.ox.blankNode()));
          return node;
        }
        case 'NamedNode':
          return this.iri(t.value);
        case 'Literal': {
          const lit = t as unknown as Oxigraph.Literal;
          return lit.language ? this.ox.literal(lit.value, lit.language) : this.ox.literal(lit.value, this.iri(lit.datatype.value));
        }
        default:
          throw new DbError('RESTAPI-INVALIDCONTENT', `unsupported term in an update template: ${t.termType}`);
      }
    };
    for (const block of templates) {
      let graph: GraphTerm = defaultGraph;
      if (block.type === 'graph') {
        const g = term(block.name);
        if (!g || g.termType !== 'NamedNode') continue;
        graph = this.graphTerm(g.value);
      }
      for (const triple of block.triples) {
        if ('type' in triple.predicate) throw new DbError('RESTAPI-INVALIDCONTENT', 'property paths are not allowed in update templates');
        const s = term(triple.subject);
        const p = term(triple.predicate);
        const o = term(triple.object);
        if (!s || (s.termType !== 'NamedNode' && s.termType !== 'BlankNode')) continue;
        if (!p || p.termType !== 'NamedNode') continue;
        if (!o || (o.termType !== 'NamedNode' && o.termType !== 'BlankNode' && o.termType !== 'Literal')) continue;
        yield this.ox.quad(s, p, o, graph);
      }
    }
  }

  /** A graph named in an update: the reserved default-graph IRI is the default graph. */
  private graphTerm(iri: string): GraphTerm {
    return iri === DEFAULT_GRAPH_IRI ? this.ox.defaultGraph() : this.ox.namedNode(iri);
  }

  private keyOf(ref: GraphOrDefault): GraphKey {
    return ref.default || !ref.name ? DEFAULT_KEY : keyOfEngineIri(ref.name.value);
  }

  private clearOrDrop(kind: 'clear' | 'drop', ref: GraphReference, silent: boolean): void {
    let targets: GraphKey[];
    const readableDefault = this.ctx.canRead(DEFAULT_KEY) ? [DEFAULT_KEY] : [];
    if (ref.all) targets = [...readableDefault, ...this.ctx.readableNamedGraphs()];
    else if (ref.named) targets = this.ctx.readableNamedGraphs();
    else {
      const key = this.keyOf(ref);
      if (!this.ctx.canRead(key)) {
        if (silent) return;
        throw noSuchGraph(ref);
      }
      targets = [key];
    }
    for (const key of targets) {
      if (kind === 'drop') this.ctx.drop(key);
      else this.ctx.clear(key);
    }
  }

  private createGraph(ref: GraphOrDefault, silent: boolean): void {
    const key = this.keyOf(ref);
    if (this.ctx.exists(key)) {
      if (silent) return;
      throw new DbError('XDMP-SPQLGRAPHEXIST', graphName(ref));
    }
    this.ctx.create(key);
  }

  /** ADD, COPY, MOVE (SPARQL 1.1 Update §3.2.3–3.2.5). */
  private transfer(kind: 'add' | 'copy' | 'move', source: GraphOrDefault, destination: GraphOrDefault, silent: boolean): void {
    const from = this.keyOf(source);
    const to = this.keyOf(destination);
    if (!this.ctx.canRead(from)) {
      if (silent) return;
      throw noSuchGraph(source);
    }
    if (from === to) return;
    const quads = this.ctx.store.match(null, null, null, termOfKey(this.ox, from));
    this.ctx.ensure(to);
    if (kind !== 'add') this.ctx.clear(to);
    const target = termOfKey(this.ox, to);
    for (const q of quads) this.ctx.insert(this.ox.quad(q.subject, q.predicate, q.object, target));
    if (kind === 'move') this.ctx.drop(from);
  }
}

/** A DELETE WHERE template as the WHERE patterns it also is. */
function templatePatterns(templates: Quads[]): Pattern[] {
  return templates.map((block) =>
    block.type === 'bgp' ? block : { type: 'graph', name: block.name, patterns: [{ type: 'bgp', triples: block.triples }] },
  );
}

const graphName = (ref: GraphOrDefault): string => (ref.default || !ref.name ? 'DEFAULT' : `<${toExternal(ref.name.value)}>`);

function noSuchGraph(ref: GraphOrDefault): DbError {
  return new DbError('XDMP-SPQLNOSUCHGRAPH', `No such RDF graph: ${graphName(ref)}`);
}
