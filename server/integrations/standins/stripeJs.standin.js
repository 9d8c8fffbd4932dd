/* global window, document, fetch, URLSearchParams, URL */
/**
 * The Stripe stand-in's Stripe.js: the part of https://js.stripe.com/v3/ the payment step uses, for a
 * machine that cannot reach Stripe. `Stripe(publishableKey)`, `elements()`, `create('card')`, `mount`,
 * `on('change')`, `confirmCardSetup(clientSecret, { payment_method: { card } })`; it talks to the stand-in
 * that served it over Stripe's own HTTP protocol (POST /v1/payment_methods, then
 * POST /v1/setup_intents/{id}/confirm with the client secret and the publishable key, form-encoded, as
 * Stripe.js does). The card field is plain inputs in the page, where Stripe's is a frame of its own.
 */
(function standInStripeJs() {
  var api = new URL(document.currentScript.src).origin;
  var LABELS = {
    fr: { number: 'Numéro de carte', expiry: "Date d'expiration (MM / AA)", cvc: 'Cryptogramme (CVC)' },
    en: { number: 'Card number', expiry: 'Expiration date (MM / YY)', cvc: 'Security code (CVC)' },
  };

  function post(path, form) {
    return fetch(api + path, { method: 'POST', body: new URLSearchParams(form) })
      .then(function (response) {
        return response.json().then(function (body) {
          return { ok: response.ok, body: body };
        });
      })
      .catch(function (error) {
        return {
          ok: false,
          body: { error: { type: 'api_connection_error', message: String(error && error.message) } },
        };
      });
  }

  function cardElement(locale) {
    var labels = LABELS[locale] || LABELS.en;
    var inputs = {};
    var listeners = [];
    var root = document.createElement('div');
    root.setAttribute('data-stripe-stand-in', 'card');
    root.style.display = 'flex';
    root.style.flexWrap = 'wrap';
    root.style.gap = '8px';
    [
      ['number', 'cc-number', '4242 4242 4242 4242', '100%'],
      ['expiry', 'cc-exp', 'MM / AA', '45%'],
      ['cvc', 'cc-csc', 'CVC', '45%'],
    ].forEach(function (spec) {
      var input = document.createElement('input');
      input.name = 'stand-in-' + spec[0];
      input.setAttribute('aria-label', labels[spec[0]]);
      input.autocomplete = spec[1];
      input.inputMode = 'numeric';
      input.placeholder = spec[2];
      input.style.flex = '1 1 ' + spec[3];
      input.style.minWidth = '0';
      input.style.padding = '10px';
      input.style.font = 'inherit';
      input.addEventListener('input', function () {
        var complete =
          digits('number').length >= 12 &&
          /^\d{2}\s*\/\s*\d{2}$/.test(inputs.expiry.value.trim()) &&
          digits('cvc').length >= 3;
        listeners.forEach(function (listener) {
          listener({
            elementType: 'card',
            empty: !inputs.number.value && !inputs.expiry.value && !inputs.cvc.value,
            complete: complete,
            error: undefined,
          });
        });
      });
      inputs[spec[0]] = input;
      root.appendChild(input);
    });
    function digits(name) {
      return inputs[name].value.replace(/\D/g, '');
    }
    return {
      mount: function (target) {
        (typeof target === 'string' ? document.querySelector(target) : target).appendChild(root);
      },
      unmount: function () {
        root.remove();
      },
      destroy: function () {
        root.remove();
        listeners = [];
      },
      on: function (event, listener) {
        if (event === 'change') listeners.push(listener);
      },
      focus: function () {
        inputs.number.focus();
      },
      card: function () {
        var expiry = inputs.expiry.value.split('/');
        var year = (expiry[1] || '').trim();
        return {
          number: digits('number'),
          exp_month: (expiry[0] || '').trim(),
          exp_year: year.length === 2 ? '20' + year : year,
          cvc: digits('cvc'),
        };
      },
    };
  }

  window.Stripe = function Stripe(publishableKey) {
    if (!/^pk_(test|live)_/.test(String(publishableKey)))
      throw new Error('Invalid value for Stripe(): apiKey should be a publishable key.');
    return {
      elements: function (options) {
        var locale = (options && options.locale) || 'auto';
        return {
          create: function (type) {
            if (type !== 'card') throw new Error('The stand-in has only the card element, not "' + type + '".');
            return cardElement(locale === 'auto' ? (document.documentElement.lang || 'en').slice(0, 2) : locale);
          },
        };
      },
      confirmCardSetup: function (clientSecret, data) {
        var element = data && data.payment_method && data.payment_method.card;
        if (!element || typeof element.card !== 'function')
          return Promise.reject(new Error('confirmCardSetup needs { payment_method: { card } }.'));
        var card = element.card();
        return post('/v1/payment_methods', {
          type: 'card',
          'card[number]': card.number,
          'card[exp_month]': card.exp_month,
          'card[exp_year]': card.exp_year,
          'card[cvc]': card.cvc,
          key: publishableKey,
        }).then(function (method) {
          if (!method.ok) return { error: method.body.error };
          var id = String(clientSecret).split('_secret_')[0];
          return post('/v1/setup_intents/' + encodeURIComponent(id) + '/confirm', {
            payment_method: method.body.id,
            client_secret: clientSecret,
            key: publishableKey,
          }).then(function (confirmed) {
            return confirmed.ok ? { setupIntent: confirmed.body } : { error: confirmed.body.error };
          });
        });
      },
    };
  };
})();
