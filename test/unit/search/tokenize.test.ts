import { describe, expect, it, vi } from 'vitest';
import elasticlunr from '../../../src/search/elasticlunr';
import { fold, indexTerms, scanTokens, stem, STOP_WORDS, tokenizeQuery } from '../../../src/shared/search/tokenize';
import { shippedPages } from '../../search/site';
import { searchDocuments } from '../../../src/search/documents';

const terms = (text: string) => indexTerms(text, 'keep');

describe('tokenize: splitting and case', () => {
  it('lower-cases and splits on whitespace and hyphens (and dashes)', () => {
    expect(terms('Quick START')).toEqual(['quick', 'start']);
    expect(terms('x-api-key')).toEqual(['x', 'api', 'key']);
    expect(terms('sale-to-list ratio')).toEqual(['sale', 'to', 'list', 'ratio']);
    expect(terms('a\tb\nc — d – e')).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('trims punctuation around words and keeps numbers', () => {
    expect(terms('"Hello," (world). 404!')).toEqual(['hello', 'world', '404']);
    expect(terms('it’s the boundary’s id')).toEqual(['it', 'the', 'boundari', 'id']);
    expect(terms('…  ?! --')).toEqual([]);
  });

  it('can stop at the first token a test accepts', () => {
    const tokens = scanTokens('alpha two_three four five', (t) => t.term === 'three');
    expect(tokens.map((t) => t.term)).toEqual(['alpha', 'two_three', 'two', 'three']); // stops after the word holding `three`
  });

  it('gives no tokens for empty or punctuation-only text', () => {
    expect(scanTokens('')).toEqual([]);
    expect(tokenizeQuery('')).toEqual([]);
    expect(tokenizeQuery('   ')).toEqual([]);
    expect(tokenizeQuery('-- ?! … ()')).toEqual([]);
  });
});

describe('tokenize: accents', () => {
  it('folds accents so cafe and café are one term', () => {
    expect(terms('café')).toEqual(terms('cafe'));
    expect(terms('Écho')).toEqual(['echo']);
    expect(terms('naïve crème brûlée')).toEqual(terms('naive creme brulee'));
    expect(fold('ÅNGSTRÖM')).toBe('angstrom');
  });

  it('folds letters that have no decomposition', () => {
    expect(fold('Straße')).toBe('strasse');
    expect(fold('Œuvre Ærø Łódź')).toBe('oeuvre aero lodz');
    expect(fold('İstanbul')).toBe('istanbul');
  });

  it('keeps the marks that are part of non-Latin letters', () => {
    expect(fold('が')).toBe('が'); // kana voicing mark survives (NFC again after folding)
    expect(fold('ข้อมูล')).toBe('ข้อมูล');
  });
});

describe('tokenize: code identifiers', () => {
  it('indexes dotted names whole and by parts', () => {
    expect(terms('dialog.type')).toEqual(['dialog.type', 'dialog', 'type']);
    expect(terms('Call dialog.type() now')).toEqual(['call', 'dialog.type', 'dialog', 'type', 'now']);
  });

  it('splits camelCase and PascalCase, keeping the whole', () => {
    expect(terms('getUserName')).toEqual([stem('getusername'), 'get', 'user', 'name']);
    expect(terms('XMLHttpRequest')).toEqual([stem('xmlhttprequest'), 'xml', 'http', 'request']);
    expect(terms('StandardStatus')).toEqual([stem('standardstatus'), 'standard', 'statu']);
  });

  it('keeps all-caps plurals as plain words', () => {
    expect(terms('IDs URLs APIs')).toEqual(['id', 'url', 'api']);
  });

  it('indexes paths whole (leading slash kept) and by segments', () => {
    expect(terms('/docs/yaml')).toEqual(['/docs/yaml', 'doc', 'yaml']);
    expect(terms('GET /v1/boundaries/{boundary_id}')).toEqual(['get', '/v1/boundaries/{boundary_id', 'v1', 'boundari', 'boundary_id', 'id']);
  });

  it('indexes snake_case whole and by parts', () => {
    expect(terms('boundary_id')).toEqual(['boundary_id', 'boundari', 'id']);
    expect(terms('median_days_on_market')).toEqual(['median_days_on_market', 'median', 'day', 'on', 'market']);
  });

  it('reports source ranges for every token, parts included', () => {
    const text = 'Use getUserName.';
    const tokens = scanTokens(text);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(['Use', 'getUserName', 'get', 'User', 'Name']);
    expect(tokens.map((t) => t.kind)).toEqual(['word', 'whole', 'part', 'part', 'part']);
  });

  it('gives query words with their whole term and their parts', () => {
    expect(tokenizeQuery('boundary_id dialog.type')).toEqual([
      { text: 'boundary_id', start: 0, end: 11, term: 'boundary_id', raw: 'boundary_id', parts: ['boundari', 'id'], stop: false, atoms: ['boundari', 'id'], ideographs: [] },
      { text: 'dialog.type', start: 12, end: 23, term: 'dialog.type', raw: 'dialog.type', parts: ['dialog', 'type'], stop: false, atoms: ['dialog', 'type'], ideographs: [] },
    ]);
    // Atoms keep stop words (a title may spell the identifier with them); parts do not.
    expect(tokenizeQuery('sale_to_list_ratio')[0]).toMatchObject({ parts: ['sale', 'list', 'ratio'], atoms: ['sale', 'to', 'list', 'ratio'] });
  });
});

describe('tokenize: Chinese, Japanese, Thai', () => {
  it('segments Chinese ideograph runs into words', () => {
    expect(terms('边界数据接口返回所有学校的信息').filter((t) => !t.startsWith('#'))).toEqual(['边界', '数据', '接口', '返回', '所有', '学校', '的', '信息']);
    // The query is cut the same way, so a word in the middle of a sentence is found.
    expect(tokenizeQuery('学校').map((w) => w.term)).toEqual(['学校']);
  });

  it('also indexes each ideograph of a Chinese word, apart from one-character words (#15)', () => {
    expect(terms('学区边界查询的')).toEqual(['学区', '#学', '#区', '边界', '#边', '#界', '查询', '#查', '#询', '的']);
    const chars = scanTokens('学区边界').filter((t) => t.term.startsWith('#'));
    expect(chars.map((t) => [t.term, t.start, t.end, t.kind])).toEqual([
      ['#学', 0, 1, 'part'],
      ['#区', 1, 2, 'part'],
      ['#边', 2, 3, 'part'],
      ['#界', 3, 4, 'part'],
    ]);
    // The query keeps a word's ideographs apart from its parts.
    expect(tokenizeQuery('边界 界')).toMatchObject([
      { term: '边界', parts: [], ideographs: ['边', '界'] },
      { term: '界', parts: [], ideographs: ['界'] },
    ]);
    // Japanese: the segmenter's words only.
    expect(terms('境界データ').some((t) => t.startsWith('#'))).toBe(false);
  });

  it('segments Japanese (kanji and kana) into words', () => {
    const t = terms('この境界データは学校の情報を返します');
    expect(t).toEqual(expect.arrayContaining(['境界', 'データ', '学校', '情報']));
    expect(t.join('')).toBe('この境界データは学校の情報を返します');
  });

  it('segments Thai into words', () => {
    expect(terms('ข้อมูลขอบเขตของโรงเรียน')).toEqual(['ข้อมูล', 'ขอบเขต', 'ของ', 'โรงเรียน']);
  });

  it('handles Latin words inside CJK text', () => {
    expect(terms('API密钥和boundary_id参数')).toEqual(expect.arrayContaining(['api', 'boundary_id', 'boundari', 'id', '参数']));
  });

  it('without Intl.Segmenter, cuts unspaced scripts into characters on both sides', async () => {
    const saved = Intl.Segmenter;
    (Intl as { Segmenter?: unknown }).Segmenter = undefined;
    try {
      vi.resetModules();
      const fresh = await import('../../../src/shared/search/tokenize');
      expect(fresh.indexTerms('API密钥和boundary_id参数', 'keep')).toEqual(['api', '密', '钥', '和', 'boundary_id', 'boundari', 'id', '参', '数']);
      expect(fresh.tokenizeQuery('学校').map((w) => w.term)).toEqual(['学', '校']);
    } finally {
      (Intl as { Segmenter?: unknown }).Segmenter = saved;
      vi.resetModules();
    }
  });

  it('never stems or drops CJK terms', () => {
    expect(indexTerms('边界数据', 'drop')).toEqual(['边界', '#边', '#界', '数据', '#数', '#据']);
  });
});

describe('tokenize: stop words', () => {
  it('flags English stop words; body text drops them, titles keep them', () => {
    expect(indexTerms('What is in beta now', 'drop')).toEqual(['beta', 'now']);
    expect(indexTerms('What is in beta now', 'keep')).toEqual(['what', 'is', 'in', 'beta', 'now']);
    expect(tokenizeQuery('the boundary').map((w) => [w.term, w.stop])).toEqual([
      ['the', true],
      ['boundari', false],
    ]);
  });

  it('keeps words that matter in API docs out of the list', () => {
    for (const word of ['get', 'not', 'no', 'all', 'only', 'other', 'new', 'set']) expect(STOP_WORDS.has(word), word).toBe(false);
    for (const word of ['the', 'and', 'of', 'is', 'what', 'with']) expect(STOP_WORDS.has(word), word).toBe(true);
  });

  it('never treats a compound as a stop word, only its atoms', () => {
    const tokens = scanTokens('CumulativeDaysOnMarket');
    expect(tokens.filter((t) => t.stop).map((t) => t.term)).toEqual(['on']);
    expect(indexTerms('CumulativeDaysOnMarket', 'drop')).toEqual([stem('cumulativedaysonmarket'), 'cumul', 'day', 'market']);
  });
});

describe('tokenize: stemming', () => {
  it('stems plain words (Porter)', () => {
    expect(terms('boundaries boundary')).toEqual(['boundari', 'boundari']);
    expect(terms('running runs ran')).toEqual(['run', 'run', 'ran']);
    expect(terms('demographics demographic')).toEqual(['demograph', 'demograph']);
    expect(terms('connection connected connecting')).toEqual(['connect', 'connect', 'connect']);
  });

  it('does not stem compounds, numbers or non-ASCII words', () => {
    expect(terms('dialog.type')[0]).toBe('dialog.type'); // elasticlunr's pipeline gave `dialog.typ`
    expect(terms('2025.11.2 404s')).toEqual(['2025.11.2', '2025', '11', '2', '404s']);
    expect(terms('données')).toEqual(['donne']); // folded to ASCII first, then stemmed
  });

  it('gives exactly elasticlunr’s stems on classic examples', () => {
    const words = ['caresses', 'ponies', 'ties', 'caress', 'cats', 'feed', 'agreed', 'plastered', 'bled', 'motoring', 'sing', 'conflated', 'troubled', 'sized', 'hopping', 'tanned', 'falling', 'hissing', 'fizzed', 'failing', 'filing', 'happy', 'sky', 'relational', 'conditional', 'rational', 'valenci', 'hesitanci', 'digitizer', 'conformabli', 'radicalli', 'differentli', 'vileli', 'analogousli', 'vietnamization', 'predication', 'operator', 'feudalism', 'decisiveness', 'hopefulness', 'callousness', 'formaliti', 'sensitiviti', 'sensibiliti', 'triplicate', 'formative', 'formalize', 'electriciti', 'electrical', 'hopeful', 'goodness', 'revival', 'allowance', 'inference', 'airliner', 'gyroscopic', 'adjustable', 'defensible', 'irritant', 'replacement', 'adjustment', 'dependent', 'adoption', 'homologou', 'communism', 'activate', 'angulariti', 'homologous', 'effective', 'bowdlerize', 'probate', 'rate', 'cease', 'controll', 'roll', 'yes', 'yelling', 'by', 'say', 'key'];
    for (const w of words) expect(stem(w), w).toBe(elasticlunr.stemmer(w));
  });

  it('gives exactly elasticlunr’s stems on the whole vocabulary of the shipped site', async () => {
    const { pages, config } = await shippedPages();
    const vocabulary = new Set<string>();
    for (const d of searchDocuments(pages, { routes: config.search.routes })) for (const m of fold(d.t).matchAll(/[a-z]+/g)) vocabulary.add(m[0]);
    expect(vocabulary.size).toBeGreaterThan(1000);
    const differ = [...vocabulary].filter((w) => stem(w) !== elasticlunr.stemmer(w));
    expect(differ).toEqual([]);
  });
});
