/**
 * Pictures of the demo items (people pick equipment by sight): each a Tabler icon (MIT licence,
 * https://tabler.io/icons) drawn on its category's colour and rendered to PNG by the seed. The outlines are copied
 * here so the seed needs no icon package at run time.
 */
export const DEMO_ITEM_ICON: Record<string, string> = {
  'Extension Cord (10 m)': 'plug-connected',
  'LCD Projector': 'device-projector',
  'Portable Speaker': 'speakerphone',
  'Cordless Drill': 'tools',
  'Electric Fan (stand)': 'propeller',
  'Portable Aircon Unit': 'air-conditioning',
  Dehumidifier: 'droplet-off',
  'Pipe Wrench': 'tool',
  Plunger: 'droplet',
  'Drain Snake': 'spiral',
  'Mop and Bucket Set': 'bucket',
  Broom: 'brush',
  'Floor Polisher': 'vacuum-cleaner',
  'Trash Bins (120 L)': 'trash',
  'Folding Table': 'table',
  'Monobloc Chair': 'armchair',
  'Ladder (8 ft)': 'ladder',
  'Tool Box': 'box',
  'Desktop Computer': 'device-desktop',
  'Laptop Computer': 'device-laptop',
};

export const ICON_NODES: Record<string, [tag: string, attrs: Record<string, string>][]> = {
  'device-desktop': [
    ['path', { d: 'M3 5a1 1 0 0 1 1 -1h16a1 1 0 0 1 1 1v10a1 1 0 0 1 -1 1h-16a1 1 0 0 1 -1 -1v-10' }],
    ['path', { d: 'M7 20h10' }],
    ['path', { d: 'M9 16v4' }],
    ['path', { d: 'M15 16v4' }],
  ],
  'device-laptop': [
    ['path', { d: 'M3 19l18 0' }],
    ['path', { d: 'M5 7a1 1 0 0 1 1 -1h12a1 1 0 0 1 1 1v8a1 1 0 0 1 -1 1h-12a1 1 0 0 1 -1 -1l0 -8' }],
  ],
  'plug-connected': [
    [
      'path',
      {
        d: 'M7 12l5 5l-1.5 1.5a3.536 3.536 0 1 1 -5 -5l1.5 -1.5',
      },
    ],
    [
      'path',
      {
        d: 'M17 12l-5 -5l1.5 -1.5a3.536 3.536 0 1 1 5 5l-1.5 1.5',
      },
    ],
    [
      'path',
      {
        d: 'M3 21l2.5 -2.5',
      },
    ],
    [
      'path',
      {
        d: 'M18.5 5.5l2.5 -2.5',
      },
    ],
    [
      'path',
      {
        d: 'M10 11l-2 2',
      },
    ],
    [
      'path',
      {
        d: 'M13 14l-2 2',
      },
    ],
  ],
  'device-projector': [
    [
      'path',
      {
        d: 'M8 9a5 5 0 1 0 10 0a5 5 0 0 0 -10 0',
      },
    ],
    [
      'path',
      {
        d: 'M9 6h-4a2 2 0 0 0 -2 2v8a2 2 0 0 0 2 2h14a2 2 0 0 0 2 -2v-8a2 2 0 0 0 -2 -2h-2',
      },
    ],
    [
      'path',
      {
        d: 'M6 15h1',
      },
    ],
    [
      'path',
      {
        d: 'M7 18l-1 2',
      },
    ],
    [
      'path',
      {
        d: 'M18 18l1 2',
      },
    ],
  ],
  speakerphone: [
    [
      'path',
      {
        d: 'M18 8a3 3 0 0 1 0 6',
      },
    ],
    [
      'path',
      {
        d: 'M10 8v11a1 1 0 0 1 -1 1h-1a1 1 0 0 1 -1 -1v-5',
      },
    ],
    [
      'path',
      {
        d: 'M12 8l4.524 -3.77a.9 .9 0 0 1 1.476 .692v12.156a.9 .9 0 0 1 -1.476 .692l-4.524 -3.77h-8a1 1 0 0 1 -1 -1v-4a1 1 0 0 1 1 -1h8',
      },
    ],
  ],
  tools: [
    [
      'path',
      {
        d: 'M3 21h4l13 -13a1.5 1.5 0 0 0 -4 -4l-13 13v4',
      },
    ],
    [
      'path',
      {
        d: 'M14.5 5.5l4 4',
      },
    ],
    [
      'path',
      {
        d: 'M12 8l-5 -5l-4 4l5 5',
      },
    ],
    [
      'path',
      {
        d: 'M7 8l-1.5 1.5',
      },
    ],
    [
      'path',
      {
        d: 'M16 12l5 5l-4 4l-5 -5',
      },
    ],
    [
      'path',
      {
        d: 'M16 17l-1.5 1.5',
      },
    ],
  ],
  propeller: [
    [
      'path',
      {
        d: 'M9 13a3 3 0 1 0 6 0a3 3 0 1 0 -6 0',
      },
    ],
    [
      'path',
      {
        d: 'M14.167 10.5c.722 -1.538 1.156 -3.043 1.303 -4.514c.22 -1.63 -.762 -2.986 -3.47 -2.986s-3.69 1.357 -3.47 2.986c.147 1.471 .581 2.976 1.303 4.514',
      },
    ],
    [
      'path',
      {
        d: 'M13.169 16.751c.97 1.395 2.057 2.523 3.257 3.386c1.3 1 2.967 .833 4.321 -1.512c1.354 -2.345 .67 -3.874 -.85 -4.498c-1.348 -.608 -2.868 -.985 -4.562 -1.128',
      },
    ],
    [
      'path',
      {
        d: 'M8.664 13c-1.693 .143 -3.213 .52 -4.56 1.128c-1.522 .623 -2.206 2.153 -.852 4.498s3.02 2.517 4.321 1.512c1.2 -.863 2.287 -1.991 3.258 -3.386',
      },
    ],
  ],
  'air-conditioning': [
    [
      'path',
      {
        d: 'M8 16a3 3 0 0 1 -3 3',
      },
    ],
    [
      'path',
      {
        d: 'M16 16a3 3 0 0 0 3 3',
      },
    ],
    [
      'path',
      {
        d: 'M12 16v4',
      },
    ],
    [
      'path',
      {
        d: 'M3 7a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v4a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2l0 -4',
      },
    ],
    [
      'path',
      {
        d: 'M7 13v-3a1 1 0 0 1 1 -1h8a1 1 0 0 1 1 1v3',
      },
    ],
  ],
  'droplet-off': [
    [
      'path',
      {
        d: 'M18.963 14.938a6.54 6.54 0 0 0 -.899 -4.06l-4.89 -7.26c-.42 -.626 -1.287 -.804 -1.936 -.398a1.376 1.376 0 0 0 -.41 .397l-1.282 1.9m-1.625 2.415l-1.986 2.946c-1.695 2.837 -1.035 6.44 1.567 8.545c2.602 2.105 6.395 2.105 8.996 0a6.83 6.83 0 0 0 1.376 -1.499',
      },
    ],
    [
      'path',
      {
        d: 'M3 3l18 18',
      },
    ],
  ],
  tool: [
    [
      'path',
      {
        d: 'M7 10h3v-3l-3.5 -3.5a6 6 0 0 1 8 8l6 6a2 2 0 0 1 -3 3l-6 -6a6 6 0 0 1 -8 -8l3.5 3.5',
      },
    ],
  ],
  droplet: [
    [
      'path',
      {
        d: 'M7.502 19.423c2.602 2.105 6.395 2.105 8.996 0c2.602 -2.105 3.262 -5.708 1.566 -8.546l-4.89 -7.26c-.42 -.625 -1.287 -.803 -1.936 -.397a1.376 1.376 0 0 0 -.41 .397l-4.893 7.26c-1.695 2.838 -1.035 6.441 1.567 8.546',
      },
    ],
  ],
  spiral: [
    [
      'path',
      {
        d: 'M10 12.057a1.9 1.9 0 0 0 .614 .743c1.06 .713 2.472 .112 3.043 -.919c.839 -1.513 -.022 -3.368 -1.525 -4.08c-2 -.95 -4.371 .154 -5.24 2.086c-1.095 2.432 .29 5.248 2.71 6.246c2.931 1.208 6.283 -.418 7.438 -3.255c1.36 -3.343 -.557 -7.134 -3.896 -8.41c-3.855 -1.474 -8.2 .68 -9.636 4.422c-1.63 4.253 .823 9.024 5.082 10.576c4.778 1.74 10.118 -.941 11.833 -5.59a9.354 9.354 0 0 0 .577 -2.813',
      },
    ],
  ],
  bucket: [
    [
      'path',
      {
        d: 'M4 7a8 4 0 1 0 16 0a8 4 0 1 0 -16 0',
      },
    ],
    [
      'path',
      {
        d: 'M4 7c0 .664 .088 1.324 .263 1.965l2.737 10.035c.5 1.5 2.239 2 5 2s4.5 -.5 5 -2c.333 -1 1.246 -4.345 2.737 -10.035a7.45 7.45 0 0 0 .263 -1.965',
      },
    ],
  ],
  brush: [
    [
      'path',
      {
        d: 'M3 21v-4a4 4 0 1 1 4 4h-4',
      },
    ],
    [
      'path',
      {
        d: 'M21 3a16 16 0 0 0 -12.8 10.2',
      },
    ],
    [
      'path',
      {
        d: 'M21 3a16 16 0 0 1 -10.2 12.8',
      },
    ],
    [
      'path',
      {
        d: 'M10.6 9a9 9 0 0 1 4.4 4.4',
      },
    ],
  ],
  'vacuum-cleaner': [
    [
      'path',
      {
        d: 'M21 12a9 9 0 1 1 -18 0a9 9 0 0 1 18 0',
      },
    ],
    [
      'path',
      {
        d: 'M14 9a2 2 0 1 1 -4 0a2 2 0 0 1 4 0',
      },
    ],
    [
      'path',
      {
        d: 'M12 16h.01',
      },
    ],
  ],
  trash: [
    [
      'path',
      {
        d: 'M4 7l16 0',
      },
    ],
    [
      'path',
      {
        d: 'M10 11l0 6',
      },
    ],
    [
      'path',
      {
        d: 'M14 11l0 6',
      },
    ],
    [
      'path',
      {
        d: 'M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2 -2l1 -12',
      },
    ],
    [
      'path',
      {
        d: 'M9 7v-3a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v3',
      },
    ],
  ],
  table: [
    [
      'path',
      {
        d: 'M3 5a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-14',
      },
    ],
    [
      'path',
      {
        d: 'M3 10h18',
      },
    ],
    [
      'path',
      {
        d: 'M10 3v18',
      },
    ],
  ],
  armchair: [
    [
      'path',
      {
        d: 'M5 11a2 2 0 0 1 2 2v2h10v-2a2 2 0 1 1 4 0v4a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-4a2 2 0 0 1 2 -2',
      },
    ],
    [
      'path',
      {
        d: 'M5 11v-5a3 3 0 0 1 3 -3h8a3 3 0 0 1 3 3v5',
      },
    ],
    [
      'path',
      {
        d: 'M6 19v2',
      },
    ],
    [
      'path',
      {
        d: 'M18 19v2',
      },
    ],
  ],
  ladder: [
    [
      'path',
      {
        d: 'M8 3v18',
      },
    ],
    [
      'path',
      {
        d: 'M16 3v18',
      },
    ],
    [
      'path',
      {
        d: 'M8 14h8',
      },
    ],
    [
      'path',
      {
        d: 'M8 10h8',
      },
    ],
    [
      'path',
      {
        d: 'M8 6h8',
      },
    ],
    [
      'path',
      {
        d: 'M8 18h8',
      },
    ],
  ],
  box: [
    [
      'path',
      {
        d: 'M12 3l8 4.5l0 9l-8 4.5l-8 -4.5l0 -9l8 -4.5',
      },
    ],
    [
      'path',
      {
        d: 'M12 12l8 -4.5',
      },
    ],
    [
      'path',
      {
        d: 'M12 12l0 9',
      },
    ],
    [
      'path',
      {
        d: 'M12 12l-8 -4.5',
      },
    ],
  ],
};
