import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yazl from 'yazl';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface BombOptions {
  /** Data rows under the header row. */
  rows: number;
  /** The <dimension ref> the sheet declares: the true one by default, or none, or a lie. */
  dimension?: 'true' | 'none' | number;
  /**
   * Rows and cells without their `r` address (allowed by the format): all
   * rows alike, so millions deflate to a few hundred KB.
   */
  unnumbered?: boolean;
}

const UNNUMBERED_ROW = '<row><c t="inlineStr"><is><t>某</t></is></c></row>';

/** Rows made as the zip asks for them: the sheet XML is never whole in memory. */
function sheetXml(options: BombOptions): Readable {
  const last = options.rows + 1;
  const dimension =
    options.dimension === 'none'
      ? ''
      : `<dimension ref="A1:B${typeof options.dimension === 'number' ? options.dimension : last}"/>`;
  let row = 0;
  return new Readable({
    read() {
      if (row === 0) {
        this.push(
          `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}" xmlns:r="${REL}">${dimension}<sheetData>` +
            `<row r="1"><c r="A1" t="inlineStr"><is><t>学号</t></is></c><c r="B1" t="inlineStr"><is><t>姓名</t></is></c></row>`,
        );
        row = 2;
        return;
      }
      if (row > last) {
        this.push(row === last + 1 ? '</sheetData></worksheet>' : null);
        row += 1;
        return;
      }
      const end = Math.min(row + 5000, last + 1);
      if (options.unnumbered) {
        this.push(UNNUMBERED_ROW.repeat(end - row));
        row = end;
        return;
      }
      let chunk = '';
      for (; row < end; row += 1) chunk += `<row r="${row}"><c r="A${row}"><v>${row}</v></c></row>`;
      this.push(chunk);
    },
  });
}

/**
 * A spreadsheet bomb: a valid .xlsx whose first sheet has `rows` rows of
 * one cell each, deflated at the highest level, so millions of rows fit in a
 * small file.
 */
export async function xlsxBomb(options: BombOptions): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  const text = (name: string, content: string) => zip.addBuffer(Buffer.from(content), name);
  text(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  );
  text(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  text(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="学生名单" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  text(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  );
  zip.addReadStream(sheetXml(options), 'xl/worksheets/sheet1.xml', { compressionLevel: 9 });
  zip.end();
  return new Uint8Array(await buffer(zip.outputStream));
}
