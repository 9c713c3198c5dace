/**
 * The W3C tests Oxigraph 0.5.11 itself fails, measured in-process
 * (the test data's own README records them). Only the engine may be the cause of an entry:
 * a test that fails over HTTP but passes in-process is a Tabula bug and stays red.
 * Each runs as `test.fails`, so an entry that starts passing turns red too and is
 * removed.
 */

const SPARQL11 = 'http://www.w3.org/2009/sparql/docs/tests/data-sparql11/';
const SPARQL10 = 'http://www.w3.org/2001/sw/DataAccess/tests/data-r2/';

const CANONICAL = 'Oxigraph canonicalises literals on load ("01"^^xsd:integer is stored as "1"), so terms the test keeps apart (sameTerm, DISTINCT, STR, =) become one';
const PATH_SET = 'zero-length property path (p* or p?) from or to a constant on an empty dataset: the constant itself should be a solution; Oxigraph returns none';
const GRAPH_VARIABLE = 'Oxigraph leaves ?g unbound (or unjoined) where GRAPH ?g should give one row per named graph';

export const EXPECTED_FAILURES: ReadonlyMap<string, string> = new Map([
  [`${SPARQL11}aggregates/manifest#agg-groupconcat-04`, 'GROUP_CONCAT over language-tagged values: Oxigraph\'s result does not equal the simple literal the ASK compares it with'],
  [`${SPARQL11}aggregates/manifest#agg-groupconcat-06`, 'GROUP_CONCAT over language-tagged values: Oxigraph\'s result does not equal the simple literal the ASK compares it with'],
  [`${SPARQL11}aggregates/manifest#agg-empty-group-count-graph`, GRAPH_VARIABLE],
  [`${SPARQL11}bindings/manifest#graph`, GRAPH_VARIABLE],
  [`${SPARQL11}negation/manifest#graph-minus`, 'MINUS inside GRAPH ?g: Oxigraph returns no solution where one is expected'],
  [`${SPARQL11}property-path/manifest#zero_or_more_set_start`, PATH_SET],
  [`${SPARQL11}property-path/manifest#zero_or_more_set_end`, PATH_SET],
  [`${SPARQL11}property-path/manifest#zero_or_one_set_start`, PATH_SET],
  [`${SPARQL11}property-path/manifest#zero_or_one_set_end`, PATH_SET],
  [
    `${SPARQL11}functions/manifest#bnode01`,
    'Oxigraph gives BNODE("x") the same node in different solutions; under one blank-node bijection across the whole result that is a different result',
  ],

  [`${SPARQL10}open-world/manifest#date-2`, 'Oxigraph decides xsd:date comparisons the test expects to be errors, giving two extra solutions'],
  [`${SPARQL10}reduced/manifest#reduced-1`, 'Oxigraph\'s REDUCED removes every duplicate; the expected result keeps them'],
  [`${SPARQL10}reduced/manifest#reduced-2`, 'Oxigraph\'s REDUCED removes every duplicate; the expected result keeps them'],
  [`${SPARQL10}optional-filter/manifest#dawg-optional-filter-005-not-simplified`, 'Oxigraph scopes the FILTER in OPTIONAL the way the companion "simplified" test expects'],
  [`${SPARQL10}graph/manifest#graph-variable-scope`, 'Oxigraph binds ?g across nested GRAPH patterns where the SPARQL 1.0 scoping gives no solution'],
  [`${SPARQL10}graph/manifest#graph-optional`, 'OPTIONAL inside GRAPH ?g: Oxigraph returns solutions from every graph where one is expected'],
  [`${SPARQL10}expr-builtin/manifest#dawg-str-1`, CANONICAL],
  [`${SPARQL10}expr-builtin/manifest#dawg-str-2`, CANONICAL],
  [`${SPARQL10}open-world/manifest#open-eq-01`, CANONICAL],
  [`${SPARQL10}expr-builtin/manifest#sameTerm-simple`, CANONICAL],
  [`${SPARQL10}expr-builtin/manifest#sameTerm-eq`, CANONICAL],
  [`${SPARQL10}expr-builtin/manifest#sameTerm-not-eq`, CANONICAL],
  [`${SPARQL10}expr-equals/manifest#eq-graph-1`, CANONICAL],
  [`${SPARQL10}expr-equals/manifest#eq-graph-2`, CANONICAL],
  [`${SPARQL10}distinct/manifest#distinct-1`, CANONICAL],
  [`${SPARQL10}distinct/manifest#distinct-9`, CANONICAL],
  [`${SPARQL10}expr-builtin/manifest#case-insensitive-booleans`, 'Oxigraph\'s parser rejects the boolean literals TRUE and False'],
  [`${SPARQL10}syntax-sparql3/manifest#syn-bad-26`, 'Oxigraph reads `?x<?a&&?b>?y` as comparisons; by the longest-token rule `<?a&&?b>` is an IRI and the query is invalid'],
]);
