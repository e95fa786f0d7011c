// Cairn's map page: every layer, cluster dataset, badge style and card theme the server serves, on
// a Leaflet map. Built from catalog.json; every URL is relative (a <base> names the proxy's prefix).
// The view is in the URL hash: #zoom/lat/lng/layer/overlay,overlay — copy it to share the view.
(function () {
  'use strict';

  const statusLine = document.getElementById('status');
  const problems = new Map();    // what went wrong, by source: shown in the status line
  const tileErrors = new Map();  // failed tiles by layer name
  const clusterCounts = new Map(); // markers on the map by dataset name
  const filters = new Map();     // the CQL2 filter typed for each dataset (none: the whole dataset)
  const onFilterChange = new Map(); // what redraws a dataset's markers and tiles, by dataset name
  let pending = 0;               // catalog and cluster requests under way
  let map = null;
  let currentLayer = null;
  let signed = new Set();        // the route groups that need signed URLs (catalog.signed_routes): left out here

  /// The absolute form of a page-relative URL, for copying; template braces stay braces.
  function absolute(url) { return new URL(url, document.baseURI).href.replace(/%7B/g, '{').replace(/%7D/g, '}'); }

  function escapeHTML(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
  }

  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (name === 'text') node.textContent = value; else node.setAttribute(name, value);
    }
    for (const child of children || []) node.append(child);
    return node;
  }

  /// GETs JSON, counted in `pending`; rejects with "URL: HTTP 502 (the server's reason)" on a non-2xx answer.
  async function getJSON(url) {
    pending += 1;
    try {
      const response = await fetch(url, { headers: { Accept: 'application/json' } });
      if (!response.ok) {
        const reason = (await response.text()).trim().slice(0, 160);
        throw new Error(`${url}: HTTP ${response.status}${reason ? ` (${reason})` : ''}`);
      }
      return await response.json();
    } finally {
      pending -= 1;
    }
  }

  function report(source, problem) {
    if (problem) problems.set(source, problem); else problems.delete(source);
    showStatus();
  }

  function showStatus() {
    if (!map || map.getZoom() === undefined) return;
    const parts = [`zoom ${map.getZoom()}`];
    for (const [name, count] of clusterCounts) parts.push(`${count} markers of ${name}`);
    const failed = currentLayer ? tileErrors.get(currentLayer.name) || 0 : 0;
    if (failed) parts.push(`${failed} tiles of ${currentLayer.name} failed (upstream error)`);
    for (const problem of problems.values()) parts.push(problem);
    statusLine.textContent = parts.join(' · ');
    statusLine.classList.toggle('error', failed > 0 || problems.size > 0);
  }

  // The view in the URL hash ------------------------------------------------------------------

  function readHash() {
    const parts = location.hash.replace(/^#/, '').split('/');
    const [zoom, lat, lng] = parts.slice(0, 3).map(Number);
    if (parts.length < 3 || ![zoom, lat, lng].every(Number.isFinite)) return null;
    return {
      zoom, center: [lat, lng],
      layer: parts[3] ? decodeURIComponent(parts[3]) : null,
      overlays: parts.length > 4 ? parts[4].split(',').filter(Boolean).map(decodeURIComponent) : null,
    };
  }

  /// The static map of what the map shows now: the current layer, centre, zoom and size, with the
  /// clusters of the first dataset whose markers are on.
  function showStaticURL(overlays) {
    if (!currentLayer || signed.has('static')) return;
    const center = map.getCenter().wrap(), size = map.getSize(), largest = window.cairn.catalog.limits.max_static_side;
    let url = currentLayer.static.replace('{lon}', center.lng.toFixed(5)).replace('{lat}', center.lat.toFixed(5))
      .replace('{zoom}', String(map.getZoom())).replace('{width}', Math.min(size.x, largest)).replace('{height}', Math.min(size.y, largest));
    const shown = (window.cairn.catalog.datasets || []).find((dataset) => map.hasLayer(overlays[dataset.name]));
    if (shown) url += `?clusters=${encodeURIComponent(shown.name)}${filterQuery(shown, '&')}`;
    document.getElementById('static-url').value = absolute(url);
  }

  function writeHash(overlays) {
    showStaticURL(overlays);
    const center = map.getCenter();
    const precision = Math.max(0, Math.ceil(Math.log2(map.getZoom() + 1) * 1.2));
    const active = Object.entries(overlays).filter(([, layer]) => map.hasLayer(layer)).map(([key]) => encodeURIComponent(key));
    const hash = `#${map.getZoom()}/${center.lat.toFixed(precision)}/${center.lng.toFixed(precision)}` +
      `/${encodeURIComponent(currentLayer ? currentLayer.name : '')}/${active.join(',')}`;
    if (hash !== location.hash) history.replaceState(null, '', hash);
  }

  // Layers -------------------------------------------------------------------------------------

  /// A layer's tiles, @2x on high-density screens, errors drawn as a translucent "upstream error" tile.
  function tileLayer(layer) {
    const tiles = L.tileLayer(layer.tiles.replace('{y}', '{y}{r}'), {
      minZoom: layer.minzoom, maxZoom: layer.maxzoom,
      attribution: layer.attribution ? escapeHTML(layer.attribution) : '',
      errorTileUrl: 'assets/cairn/error-tile.svg',
    });
    tiles.on('tileerror', () => {
      tileErrors.set(layer.name, (tileErrors.get(layer.name) || 0) + 1);
      showStatus();
    });
    return tiles;
  }

  function showLayer(layer) {
    currentLayer = layer;
    document.getElementById('layer-name').textContent = layer.name;
    document.getElementById('layer-zooms').textContent =
      `zoom ${layer.minzoom}–${layer.maxzoom} · ${layer.format}` + (layer.attribution ? ` · ${layer.attribution}` : '');
    document.getElementById('tile-url').value = absolute(layer.tiles);
    document.getElementById('tilejson-url').value = absolute(layer.tilejson);
    map.setMinZoom(layer.minzoom);
    map.setMaxZoom(layer.maxzoom);
    showStatus();
  }

  /// The z/x/y of every tile, drawn in the browser over the map.
  const GridLayer = L.GridLayer.extend({
    createTile(coords) {
      const size = 2 ** coords.z;
      const x = ((coords.x % size) + size) % size;
      return element('div', { class: 'cairn-grid-tile', text: `${coords.z}/${x}/${coords.y}` });
    },
  });

  // Cluster datasets ---------------------------------------------------------------------------

  /// A dataset's clusters of the visible region, from the JSON API, as Cairn's badge images; lone
  /// points as dots whose popup shows the point's card.
  function clusterMarkers(dataset, catalog) {
    const group = L.layerGroup([], { attribution: dataset.attribution ? escapeHTML(dataset.attribution) : '' });
    let generation = 0;

    async function refresh() {
      if (!map.hasLayer(group)) return;
      const bounds = map.getBounds();
      const zoom = Math.round(map.getZoom());
      const bbox = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()].map((v) => v.toFixed(6)).join(',');
      const url = `${dataset.clusters}?bbox=${bbox}&zoom=${zoom}${filterQuery(dataset, '&')}`;
      const mine = ++generation;
      const problem = document.getElementById(`filter-error-${dataset.name}`);
      try {
        // Each cluster with its points' convex hull, shown on hover.
        const collection = await getJSON(`${url}&extent=hull`);
        if (mine !== generation || !map.hasLayer(group)) return;
        group.clearLayers();
        for (const feature of collection.features) group.addLayer(marker(feature));
        clusterCounts.set(dataset.name, collection.features.length);
        document.getElementById(`view-url-${dataset.name}`).value = absolute(url);
        problem.textContent = '';
        report(`clusters:${dataset.name}`, null);
      } catch (error) {
        if (mine !== generation) return;
        // A bad filter is the server's 400 with its column: shown under the filter box.
        const filterProblem = /\((error: )?(filter: [^)]*)\)$/.exec(error.message);
        problem.textContent = filterProblem ? filterProblem[2] : '';
        report(`clusters:${dataset.name}`, `clusters of ${dataset.name} failed: ${error.message}`);
      }
    }

    /// A cluster's badge: with categories, its parts in the dataset's order and colours.
    function badgeURL(properties) {
      let url = `badges/${properties.point_count}.png?style=${encodeURIComponent(dataset.style)}&scale=2` +
        (dataset.label ? `&label=${dataset.label}` : '');
      const categories = dataset.categories;
      if (categories && properties.categories) {
        const parts = categories.names.map((name) =>
          `${name}:${properties.categories[name] || 0}:${categories.colors[name].replace('#', '')}`).join(',');
        url += `&look=${categories.look}&parts=${encodeURIComponent(parts)}`;
      }
      return url;
    }

    function marker(feature) {
      const [lng, lat] = feature.geometry.coordinates;
      const properties = feature.properties || {};
      if (properties.cluster) {
        const count = properties.point_count_abbreviated || String(properties.point_count);
        // Signed badges cannot be asked for: the count as text instead.
        const image = signed.has('badges') ? element('span', { class: 'cairn-count', text: count })
          : element('img', { srcset: `${badgeURL(properties)} 2x`, alt: count });
        const clusterMarker = L.marker([lat, lng], { icon: L.divIcon({ className: 'cairn-cluster', html: image, iconSize: null }) });
        clusterMarker.feature = feature;
        clusterMarker.on('click', () => zoomInto(feature, lat, lng));
        // Where its points reach (Leaflet.markercluster's coverage on hover).
        let coverage = null;
        clusterMarker.on('mouseover', () => {
          if (!feature.hull || coverage) return;
          coverage = L.geoJSON(feature.hull, { className: 'cairn-hull', interactive: false }).addTo(group);
        });
        clusterMarker.on('mouseout', () => { if (coverage) group.removeLayer(coverage); coverage = null; });
        return clusterMarker;
      }
      const look = dataset.marker;
      const categories = dataset.categories;
      const fill = categories && categories.colors[properties.category] || look.fill;
      const dot = element('div', {
        style: `width:${2 * look.radius}px;height:${2 * look.radius}px;background:${fill};` +
          `border-color:${look.stroke};border-width:${look.stroke_width}px`,
      });
      const pointMarker = L.marker([lat, lng], { icon: L.divIcon({ className: 'cairn-point', html: dot, iconSize: null }) });
      pointMarker.feature = feature;
      pointMarker.bindPopup(() => popup(feature, pointMarker), { minWidth: catalog.cards.width, maxWidth: catalog.cards.width + 40 });
      return pointMarker;
    }

    async function zoomInto(feature, lat, lng) {
      try {
        const answer = await getJSON(`${dataset.clusters}/${feature.properties.cluster_id}/expansion-zoom${filterQuery(dataset, '?')}`);
        map.setView([lat, lng], Math.min(answer.expansion_zoom, map.getMaxZoom()));
      } catch (error) {
        report(`expand:${dataset.name}`, `expanding a cluster of ${dataset.name} failed: ${error.message}`);
      }
    }

    /// The point's card when the dataset has cards and the point an id; else its properties.
    function popup(feature, owner) {
      const box = element('div', { class: 'cairn-popup' });
      if (dataset.cards && !signed.has('cards') && feature.id !== undefined && feature.id !== null) {
        const card = element('img', {
          class: 'cairn-card', alt: `The card of point ${feature.id}`,
          srcset: `${dataset.clusters}/points/${encodeURIComponent(String(feature.id))}/card.png?scale=2 2x`,
        });
        card.addEventListener('load', () => owner.getPopup() && owner.getPopup().update());
        box.append(card);
        return box;
      }
      const rows = Object.entries(feature.properties || {}).slice(0, 12)
        .map(([key, value]) => element('tr', {}, [element('td', { text: key }), element('td', { text: JSON.stringify(value) })]));
      box.append(element('table', {}, rows));
      return box;
    }

    map.on('moveend', refresh);
    group.on('add', refresh);
    const redraw = onFilterChange.get(dataset.name);
    onFilterChange.set(dataset.name, () => { if (redraw) redraw(); refresh(); });
    group.on('remove', () => { generation += 1; clusterCounts.delete(dataset.name); report(`clusters:${dataset.name}`, null); });
    return group;
  }

  /// `?filter=…` (or `&filter=…` after `separator` '&') for the filter typed for the dataset; '' without one.
  function filterQuery(dataset, separator) {
    const filter = filters.get(dataset.name);
    return filter ? `${separator}filter=${encodeURIComponent(filter)}` : '';
  }

  /// A dataset's raster overlay tiles: the same badges, drawn by the server.
  function clusterTiles(dataset) {
    const template = () => dataset.tiles.replace('{y}', '{y}{r}') + filterQuery(dataset, '?');
    const tiles = L.tileLayer(template(), {
      minZoom: dataset.minzoom, maxZoom: dataset.maxzoom, zIndex: 5,
      attribution: dataset.attribution ? escapeHTML(dataset.attribution) : '',
      errorTileUrl: 'assets/cairn/error-tile.svg',
    });
    const redraw = onFilterChange.get(dataset.name);
    onFilterChange.set(dataset.name, () => { if (redraw) redraw(); tiles.setUrl(template()); });
    return tiles;
  }

  /// The filter box: Enter (or leaving the box) applies what is typed to the markers and tiles.
  function filterBox(dataset) {
    const id = `filter-${dataset.name}`;
    const input = element('input', { id, type: 'search', spellcheck: 'false', placeholder: "e.g. population >= 100000 AND country IN ('DE','FR')" });
    const apply = () => {
      const text = input.value.trim();
      if ((filters.get(dataset.name) || '') === text) return;
      if (text) filters.set(dataset.name, text); else filters.delete(dataset.name);
      (onFilterChange.get(dataset.name) || (() => {}))();
      if (window.cairn.overlays) showStaticURL(window.cairn.overlays);
    };
    input.addEventListener('keydown', (event) => { if (event.key === 'Enter') apply(); });
    input.addEventListener('change', apply);
    return [
      element('label', { for: id, text: 'Filter (CQL2)' + (dataset.filter ? `, on top of ${dataset.filter}` : '') }),
      element('div', { class: 'copy' }, [input]),
      element('p', { id: `filter-error-${dataset.name}`, class: 'note error' }),
    ];
  }

  /// The dataset's categories with their colours, in the order badges draw them.
  function legend(dataset) {
    const categories = dataset.categories;
    if (!categories) return [];
    return [element('ul', { class: 'legend', id: `legend-${dataset.name}`, title: `by ${categories.property}, drawn as ${categories.look}` },
      categories.names.map((name) => element('li', {}, [
        element('span', { class: 'swatch', style: `background:${categories.colors[name]}` }), document.createTextNode(name)])))];
  }

  function describeDataset(dataset) {
    const copyRow = (id, value, label) => [
      element('label', { for: id, text: label }),
      element('div', { class: 'copy' }, [element('input', { id, readonly: '', value }),
        element('button', { type: 'button', 'data-copy': id, text: 'Copy' })]),
    ];
    const points = dataset.points === undefined ? 'loading' : `${dataset.points.toLocaleString('en')} points`;
    return element('div', { class: 'dataset' }, [
      element('strong', { text: dataset.name }),
      element('p', { class: 'note', text: `${points} · tiles at zoom ${dataset.minzoom}–${dataset.maxzoom} · clustered to zoom ${dataset.cluster_max_zoom}` }),
      ...copyRow(`view-url-${dataset.name}`, absolute(`${dataset.clusters}?bbox=-180,-85,180,85&zoom=0`), 'GeoJSON of this view'),
      ...copyRow(`tiles-url-${dataset.name}`, absolute(dataset.tiles), 'Overlay tiles (also @2x, .webp)'),
      ...copyRow(`mvt-url-${dataset.name}`, absolute(dataset.vector_tiles), 'Vector tiles (MVT)'),
      ...(signed.has('clusters') ? [] : filterBox(dataset)),
      ...legend(dataset),
    ]);
  }

  // Badge gallery and card playground -----------------------------------------------------------

  function badgeGallery(catalog) {
    const counts = [1, 8, 42, 100, 999, 1500, 25000, 1234567];
    const gallery = document.getElementById('badge-gallery');
    for (const style of catalog.badges.styles) {
      const template = `badges/{count}.png?style=${encodeURIComponent(style)}&scale=2`;
      const row = counts.map((count) => {
        const url = template.replace('{count}', count);
        return element('a', { href: url, target: '_blank', title: absolute(url) },
          [element('img', { srcset: `${url} 2x`, alt: `${count} in ${style}`, class: 'badge' })]);
      });
      gallery.append(element('div', { class: 'badge-style' }, [
        element('strong', { text: style + (style === catalog.badges.default_style ? ' (default)' : '') }),
        element('div', { class: 'badge-row' }, row),
        element('div', { class: 'copy' }, [element('input', { readonly: '', value: absolute(template), 'aria-label': `${style} badge URL` })]),
      ]));
    }
  }

  function cardPlayground(catalog) {
    const form = document.getElementById('card-form');
    const image = document.getElementById('card-image');
    for (const theme of catalog.cards.themes) form.theme.append(element('option', { value: theme, text: theme }));
    for (let scale = 1; scale <= catalog.limits.max_scale; scale += 1) {
      form.scale.append(element('option', { value: scale, text: `${scale}×` }));
    }
    form.scale.value = String(Math.min(2, catalog.limits.max_scale));
    let timer = null;
    function update() {
      const title = form.title.value.trim();
      if (!title) { report('card', 'a card needs a title'); return; }
      report('card', null);
      const id = form.image.value.trim() || 'none';
      const query = new URLSearchParams({ title, theme: form.theme.value, scale: form.scale.value });
      if (form.subtitle.value.trim()) query.set('subtitle', form.subtitle.value.trim());
      const url = `cards/${encodeURIComponent(id)}.png?${query}`;
      image.srcset = `${url} ${form.scale.value}x`;
      document.getElementById('card-url').value = absolute(url);
    }
    image.addEventListener('error', () => report('card', 'the card did not render (see its URL)'));
    form.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(update, 200); });
    form.addEventListener('submit', (event) => event.preventDefault());
    update();
  }

  document.addEventListener('click', (event) => {
    const button = event.target.closest('[data-copy]');
    if (!button) return;
    const input = document.getElementById(button.dataset.copy);
    const done = () => { button.textContent = 'Copied'; setTimeout(() => { button.textContent = 'Copy'; }, 1200); };
    if (navigator.clipboard) {
      navigator.clipboard.writeText(input.value).then(done, () => { input.select(); done(); });
    } else {
      input.select();
      done();
    }
  });

  // Signed routes ------------------------------------------------------------------------------

  /// Says which features the page leaves out because their routes need signed URLs (it has no keys),
  /// and hides their parts of the panel.
  function leaveOutSigned() {
    const names = { tiles: 'map tiles', static: 'static maps', clusters: 'clusters', badges: 'badges', cards: 'cards' };
    const left = Object.keys(names).filter((group) => signed.has(group));
    if (left.length === 0) return;
    const list = left.map((group) => names[group]);
    const joined = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}` : list[0];
    const note = document.getElementById('signed-note');
    note.textContent = `${joined[0].toUpperCase()}${joined.slice(1)} need signed URLs on this server: not offered here` +
      (signed.has('tiles') ? ' (the map cannot show its layers).' : '.');
    note.hidden = false;
    if (signed.has('static')) for (const node of document.querySelectorAll('.static-row')) node.hidden = true;
    if (signed.has('badges')) document.getElementById('badges').hidden = true;
    if (signed.has('cards')) document.getElementById('card').hidden = true;
  }

  // Start --------------------------------------------------------------------------------------

  function start(catalog) {
    if (catalog.layers.length === 0) throw new Error('the server has no layers');
    signed = new Set(catalog.signed_routes || []);
    leaveOutSigned();
    map = L.map('map', { worldCopyJump: true, zoomControl: true });
    const baseLayers = {};
    const layerOf = new Map();
    for (const layer of signed.has('tiles') ? [] : catalog.layers) {
      const tiles = tileLayer(layer);
      baseLayers[layer.name] = tiles;
      layerOf.set(tiles, layer);
    }
    const overlays = { grid: new GridLayer({ zIndex: 10 }) };
    const labels = { grid: 'z/x/y grid' };
    const list = document.getElementById('dataset-list');
    if (catalog.datasets.length) list.replaceChildren();
    for (const dataset of catalog.datasets) {
      if (!signed.has('clusters')) {
        overlays[dataset.name] = clusterMarkers(dataset, catalog);
        labels[dataset.name] = `${dataset.name}: cluster markers`;
        overlays[`${dataset.name}:tiles`] = clusterTiles(dataset);
        labels[`${dataset.name}:tiles`] = `${dataset.name}: overlay tiles`;
      }
      list.append(describeDataset(dataset));
    }
    const control = {};
    for (const [key, layer] of Object.entries(overlays)) control[labels[key]] = layer;
    L.control.layers(baseLayers, control, { collapsed: false }).addTo(map);

    const view = readHash();
    const first = catalog.layers.find((layer) => view && layer.name === view.layer) || catalog.layers[0];
    // The zoom range first (the layer's), then the view, then the layers that ask for the view's bounds.
    showLayer(first);
    map.setView(view ? view.center : [30, 10], view ? view.zoom : Math.max(first.minzoom, Math.min(2, first.maxzoom)));
    if (baseLayers[first.name]) baseLayers[first.name].addTo(map);
    map.on('baselayerchange', (event) => { showLayer(layerOf.get(event.layer)); writeHash(overlays); });
    const active = view && view.overlays ? view.overlays : catalog.datasets.map((dataset) => dataset.name);
    for (const key of active) if (overlays[key]) overlays[key].addTo(map);

    map.on('moveend overlayadd overlayremove', () => { writeHash(overlays); showStatus(); });
    window.addEventListener('hashchange', () => {
      const wanted = readHash();
      if (wanted) map.setView(wanted.center, wanted.zoom);
    });
    if (!signed.has('badges')) badgeGallery(catalog);
    if (!signed.has('cards')) cardPlayground(catalog);
    writeHash(overlays);
    showStatus();
    window.cairn.map = map;
    window.cairn.overlays = overlays;
  }

  /// For tests and the console: the map, the catalog, and whether everything asked for has arrived.
  window.cairn = {
    catalog: null,
    idle() {
      if (pending > 0 || !map) return false;
      // Badge and card images still on their way (a failed one counts as complete).
      for (const image of document.querySelectorAll('.leaflet-marker-pane img, .leaflet-popup img')) {
        if (!image.complete) return false;
      }
      let loading = false;
      map.eachLayer((layer) => { if (layer.isLoading && layer.isLoading()) loading = true; });
      return !loading;
    },
  };

  document.getElementById('wmts-url').value = absolute('wmts/1.0.0/WMTSCapabilities.xml');
  if (typeof L === 'undefined') {
    statusLine.textContent = 'Leaflet did not load: install it on the server (apt-get install libjs-leaflet) or set page.leaflet.';
    statusLine.classList.add('error');
    return;
  }
  getJSON('catalog.json')
    .then((catalog) => { window.cairn.catalog = catalog; start(catalog); })
    .catch((error) => {
      statusLine.textContent = `The page could not start: ${error.message}`;
      statusLine.classList.add('error');
    });
})();
