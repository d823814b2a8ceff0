import { describe, expect, it } from 'vitest';
import { parseVideoLink, parseVideoLinks } from '../../../../src/domain/video-links';

describe('parseVideoLink', () => {
  it.each([
    'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    'https://youtube.com/watch?v=aqz-KE-bpKQ&t=30s',
    'https://m.youtube.com/watch?v=aqz-KE-bpKQ',
    'https://www.youtube.com/embed/aqz-KE-bpKQ',
    'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0',
    'https://youtu.be/aqz-KE-bpKQ',
    '  http://youtu.be/aqz-KE-bpKQ?si=abc  ',
  ])('reads the YouTube id of %s', (link) => {
    expect(parseVideoLink(link)).toMatchObject({
      provider: 'youtube',
      id: 'aqz-KE-bpKQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
      thumbnailUrl: 'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg',
    });
  });

  it.each(['https://vimeo.com/76979871', 'https://www.vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?h=abc'])(
    'reads the Vimeo id of %s, without a thumbnail',
    (link) => {
      expect(parseVideoLink(link)).toMatchObject({ provider: 'vimeo', id: '76979871', embedUrl: 'https://player.vimeo.com/video/76979871', thumbnailUrl: null });
    },
  );

  it.each([
    '',
    'not a url',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=aqz-KE-bpKQX',
    'https://www.youtube.com/watch',
    'https://youtu.be/',
    'https://www.youtube.com/shorts/aqz-KE-bpKQ',
    'https://vimeo.com/abc',
    'https://vimeo.com/channels/123',
    'https://player.vimeo.com/76979871',
    'https://evil.example/embed/aqz-KE-bpKQ',
    'https://notyoutube.com/watch?v=aqz-KE-bpKQ',
    'javascript:alert(1)//youtu.be/aqz-KE-bpKQ',
    'ftp://youtu.be/aqz-KE-bpKQ',
  ])('rejects %j', (link) => {
    expect(parseVideoLink(link)).toBeNull();
  });
});

describe('parseVideoLinks', () => {
  it('keeps the valid links in order, each video once', () => {
    const videos = parseVideoLinks([
      'https://vimeo.com/22439234',
      'nonsense',
      'https://youtu.be/ScMzIvxBSi4',
      'https://www.youtube.com/watch?v=ScMzIvxBSi4',
      'https://player.vimeo.com/video/22439234',
    ]);
    expect(videos.map((v) => `${v.provider}:${v.id}`)).toEqual(['vimeo:22439234', 'youtube:ScMzIvxBSi4']);
  });
});
