import { describe, expect, it } from 'vitest';
import { resolveHref } from './epub.ts';
import { parseNav, parseNcx } from './epub-toc.ts';

describe('EPUB tables of contents', () => {
  it('reads an NCX with unclosed navPoints and entities', () => {
    const ncx = `<ncx><docTitle><text>Book</text></docTitle><navMap>
      <navPoint><navLabel><text>Part &amp; One</text></navLabel><content src="a.xhtml"/>
      <navPoint><navLabel><text>Inner</text></navLabel><content src="a.xhtml#s2" />
      </navPoint>
      <navPoint><navLabel><text>Two</text></navLabel><content src="b.xhtml"/>
    </navMap></ncx>`;
    expect(parseNcx(ncx)).toEqual([
      { title: 'Part & One', href: 'a.xhtml', level: 1 },
      { title: 'Inner', href: 'a.xhtml#s2', level: 2 },
      { title: 'Two', href: 'b.xhtml', level: 2 },
    ]);
  });

  it('reads only the toc nav of an EPUB 3 navigation document, with levels', () => {
    const nav = `<nav epub:type="landmarks"><ol><li><a href="cover.xhtml">Cover</a></li></ol></nav>
      <nav epub:type="toc"><h1>Contents</h1><ol><li><a href="c1.xhtml"><span>One</span></a>
      <ol><li><a href="c1.xhtml#x">One &#x2013; a</a></li></ol></li><li><a href="c2.xhtml">二</a></li></ol></nav>`;
    expect(parseNav(nav)).toEqual([
      { title: 'One', href: 'c1.xhtml', level: 1 },
      { title: 'One – a', href: 'c1.xhtml#x', level: 2 },
      { title: '二', href: 'c2.xhtml', level: 1 },
    ]);
  });

  it('resolves hrefs against the package folder, decoding and dropping fragments', () => {
    expect(resolveHref('OEBPS/content.opf', 'text/chapter%201.xhtml#p2')).toEqual({
      path: 'OEBPS/text/chapter 1.xhtml',
      fragment: 'p2',
    });
    expect(resolveHref('OEBPS/nav/nav.xhtml', '../text/a.xhtml')).toEqual({
      path: 'OEBPS/text/a.xhtml',
    });
    expect(resolveHref('content.opf', './a.xhtml')).toEqual({ path: 'a.xhtml' });
  });
});
