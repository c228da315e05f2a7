import { describe, expect, it } from 'vitest';

import { cleanWordHtml, clipboardFragment, isWordHtml } from './word-paste';

/**
 * What Word (Microsoft 365, Windows) puts on the clipboard as text/html, trimmed in length but not
 * in kind: the Office namespaces, a <head> with <style> and <xml>, Mso classes, mso- styles, <o:p>,
 * hidden and downlevel-revealed conditional comments, list paragraphs with their drawn markers, a
 * VML image with its fallback, a bookmark, a hyperlink, a table and an empty paragraph.
 */
const WORD_CLIPBOARD = `Version:1.0
<html xmlns:v="urn:schemas-microsoft-com:vml"
xmlns:o="urn:schemas-microsoft-com:office:office"
xmlns:w="urn:schemas-microsoft-com:office:word"
xmlns:m="http://schemas.microsoft.com/office/2004/12/omml"
xmlns="http://www.w3.org/TR/REC-html40">
<head>
<meta http-equiv=Content-Type content="text/html; charset=utf-8">
<meta name=ProgId content=Word.Document>
<meta name=Generator content="Microsoft Word 15">
<!--[if gte mso 9]><xml>
 <w:WordDocument><w:View>Normal</w:View><w:Zoom>0</w:Zoom></w:WordDocument>
</xml><![endif]-->
<style>
<!--
 /* Style Definitions */
 p.MsoNormal, li.MsoNormal, div.MsoNormal
	{mso-style-unhide:no;margin:0cm;font-size:10.5pt;font-family:"DengXian";}
p.MsoListParagraph {mso-style-priority:34;text-indent:21.0pt;}
@list l0:level1 {mso-level-number-format:bullet;mso-level-text:\\F06C;}
-->
</style>
</head>
<body lang=ZH-CN style='tab-interval:21.0pt;word-wrap:break-word'>
<!--StartFragment-->
<p class=MsoTitle><span lang=EN-US>GT-100 Infrared Methane Detector</span><span lang=EN-US><o:p></o:p></span></p>
<h2 style='mso-margin-top-alt:auto'><a name="_Toc1234"></a><span lang=EN-US style='mso-bidi-font-family:Arial'>Installation</span><o:p></o:p></h2>
<p class=MsoNormal align=center style='text-align:center'><b><span lang=EN-US style='font-size:12.0pt;
mso-bidi-font-size:11.0pt;color:#C00000'>Warning:</span></b><span lang=EN-US> mount the
detector <i style='mso-bidi-font-style:normal'>30&nbsp;cm</i> below the ceiling.<o:p></o:p></span></p>
<p class=MsoNormal><span lang=EN-US><o:p>&nbsp;</o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='margin-left:18.0pt;mso-add-space:auto;
text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span lang=EN-US
style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span
style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><![endif]><span lang=EN-US>Kitchens<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:36.0pt;mso-add-space:auto;
text-indent:-18.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span lang=EN-US
style='font-family:"Courier New";mso-fareast-font-family:"Courier New"'><span
style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]><span
lang=EN-US>Near the stove<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpLast style='margin-left:18.0pt;mso-add-space:auto;
text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span lang=EN-US
style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><![endif]><span lang=EN-US>Boiler rooms<o:p></o:p></span></p>
<p class=MsoNormal><span lang=EN-US>Steps:<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='margin-left:18.0pt;text-indent:-18.0pt;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span
lang=EN-US style='mso-bidi-font-family:DengXian'><span style='mso-list:Ignore'>1.<span
style='font:7.0pt "Times New Roman"'>&nbsp; </span></span></span><!--[endif]--><span lang=EN-US>Switch off the
gas<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpLast style='margin-left:18.0pt;text-indent:-18.0pt;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span
lang=EN-US><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp; </span></span></span><!--[endif]--><span
lang=EN-US>Fix the bracket<o:p></o:p></span></p>
<p class=MsoNormal><!--[if gte vml 1]><v:shape id="Picture_x0020_1" style='width:100pt;height:50pt'>
 <v:imagedata src="file:///C:/Users/li/AppData/Local/Temp/msohtmlclip1/01/clip_image001.png" o:title=""/>
</v:shape><![endif]--><![if !vml]><img width=133 height=67
src="file:///C:/Users/li/AppData/Local/Temp/msohtmlclip1/01/clip_image002.png" v:shapes="Picture_x0020_1"><![endif]><span
lang=EN-US>Manual: <a href="https://example.com/gt-100.pdf"><span style='mso-bidi-font-family:Arial'>GT-100 manual</span></a>
and <a href="javascript:alert(1)">bad</a>.<o:p></o:p></span></p>
<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0 style='border-collapse:collapse;mso-yfti-tbllook:1184'>
 <tr style='mso-yfti-irow:0'>
  <td width=277 valign=top style='width:207.4pt;border:solid windowtext 1.0pt'>
  <p class=MsoNormal><span lang=EN-US>Range<o:p></o:p></span></p>
  </td>
  <td width=277 valign=top style='width:207.4pt'>
  <p class=MsoNormal><span lang=EN-US>0–100 %LEL<o:p></o:p></span></p>
  </td>
 </tr>
</table>
<!--EndFragment-->
</body>
</html>`;

describe('isWordHtml', () => {
  it('recognises Word by its namespaces, classes, mso- styles and <o:p>', () => {
    expect(isWordHtml(WORD_CLIPBOARD)).toBe(true);
    expect(isWordHtml('<p class=MsoNormal>x</p>')).toBe(true);
    expect(isWordHtml(`<p style="margin:0;mso-line-height-rule:exactly">x</p>`)).toBe(true);
    expect(isWordHtml('<p>x<o:p></o:p></p>')).toBe(true);
    expect(isWordHtml('<html xmlns:o="urn:schemas-microsoft-com:office:office"><body>x</body></html>')).toBe(true);
  });
  it('leaves other HTML alone (a web page, the editor itself, plain text)', () => {
    expect(isWordHtml('<meta charset="utf-8"><p>Hello <strong>world</strong></p>')).toBe(false);
    expect(isWordHtml('<p class="intro">Mso is a word here, and so is mso-</p>')).toBe(false);
    expect(isWordHtml('')).toBe(false);
    expect(isWordHtml(null)).toBe(false);
  });
});

describe('clipboardFragment', () => {
  it('takes what the browser marked, else the body', () => {
    expect(clipboardFragment('<html><head><style>p{}</style></head><body><!--StartFragment--><p>a</p><!--EndFragment--></body></html>')).toBe('<p>a</p>');
    expect(clipboardFragment('<html><head><title>t</title></head><body class=x><p>b</p></body></html>')).toBe('<p>b</p>');
    expect(clipboardFragment('<p>c</p>')).toBe('<p>c</p>');
  });
});

describe('cleanWordHtml', () => {
  const clean = cleanWordHtml(WORD_CLIPBOARD);

  it('drops every trace of Word: classes, styles, comments, conditionals, <o:p>, VML, the head', () => {
    expect(clean).not.toMatch(/Mso|mso-|class=|style=|<o:p|<v:|<!--|<!\[|<span|<font|lang=|<xml|WordDocument|Style Definitions/i);
    expect(clean).not.toContain('<img');
    expect(clean).not.toContain('file:///');
    expect(clean).not.toContain('javascript:');
    expect(clean).not.toContain('<table');
  });

  it('keeps the text structure: headings, paragraphs, bold, italic, links', () => {
    expect(clean).toContain('<h1>GT-100 Infrared Methane Detector</h1>');
    expect(clean).toContain('<h2>Installation</h2>');
    expect(clean).toContain('<p><strong>Warning:</strong> mount the detector <em>30&nbsp;cm</em> below the ceiling.</p>');
    expect(clean).toContain('<a href="https://example.com/gt-100.pdf">GT-100 manual</a> and bad.');
    // the empty paragraph Word keeps with <o:p>&nbsp;</o:p> is gone
    expect(clean).not.toMatch(/<p>(\s|&nbsp;)*<\/p>/);
  });

  it("turns Word's list paragraphs into nested lists, bulleted or numbered, without the drawn markers", () => {
    expect(clean).toContain(
      '<ul><li><p>Kitchens</p><ul><li><p>Near the stove</p></li></ul></li><li><p>Boiler rooms</p></li></ul>',
    );
    expect(clean).toContain('<p>Steps:</p><ol><li><p>Switch off the gas</p></li><li><p>Fix the bracket</p></li></ol>');
    expect(clean).not.toContain('·');
    expect(clean).not.toMatch(/>\s*o\s*</);
  });

  it("keeps a table's text as paragraphs", () => {
    expect(clean).toContain('<p>Range</p><p>0–100 %LEL</p>');
  });

  it('gives exactly this for the whole sample', () => {
    expect(clean).toBe(
      [
        '<h1>GT-100 Infrared Methane Detector</h1>',
        '<h2>Installation</h2>',
        '<p><strong>Warning:</strong> mount the detector <em>30&nbsp;cm</em> below the ceiling.</p>',
        '<ul><li><p>Kitchens</p><ul><li><p>Near the stove</p></li></ul></li><li><p>Boiler rooms</p></li></ul>',
        '<p>Steps:</p>',
        '<ol><li><p>Switch off the gas</p></li><li><p>Fix the bracket</p></li></ol>',
        '<p>Manual: <a href="https://example.com/gt-100.pdf">GT-100 manual</a> and bad.</p>',
        '<p>Range</p>',
        '<p>0–100 %LEL</p>',
      ].join(''),
    );
  });

  it('keeps bold and italic given as styles, and drops bold that Word turned off', () => {
    expect(cleanWordHtml(`<p class=MsoNormal><span style='font-weight:bold'>B</span> <span style='font-style:italic'>I</span> <b style='font-weight:normal'>N</b> <b style='mso-bidi-font-weight:normal'>W</b></p>`)).toBe(
      '<p><strong>B</strong> <em>I</em> N <strong>W</strong></p>',
    );
  });

  it('wraps loose text and keeps real lists pasted from elsewhere in the same document', () => {
    expect(cleanWordHtml('Loose <b>text</b><ul class=MsoList><li style="mso-x:1">one<ul><li>two</li></ul></li></ul>')).toBe(
      '<p>Loose <strong>text</strong></p><ul><li><p>one</p><ul><li><p>two</p></li></ul></li></ul>',
    );
  });

  it('never lets a script or an event handler through', () => {
    const out = cleanWordHtml('<p class=MsoNormal onclick="x()">a<script>alert(1)</script><img src=x onerror=alert(1)></p>');
    expect(out).toBe('<p>a</p>');
  });
});
