#version 440
// The brain grid on the GPU: one texel per expert in `data` (red = tier x 50,
// green = heat brightness, blue = flash), drawn as cells with a 1 px gap and a
// soft halo that spills from freshly routed experts into their neighbours.
// Under the software scene graph this effect does not run; BrainView draws the
// same colours from the CPU texture instead.
layout(location = 0) in vec2 qt_TexCoord0;
layout(location = 0) out vec4 fragColor;

layout(std140, binding = 0) uniform buf {
    mat4 qt_Matrix;
    float qt_Opacity;
    vec2 grid;        // experts, layers
    vec2 cellPixels;  // one cell's size on screen
    vec4 vramColor;
    vec4 pinnedColor;
    vec4 slotColor;
    vec4 diskColor;
    vec4 denseColor;
};
layout(binding = 1) uniform sampler2D data;

vec4 cellData(vec2 cell) {
    vec2 c = clamp(cell, vec2(0.0), grid - 1.0);
    return texture(data, (c + 0.5) / grid);
}

void main() {
    vec2 pos = qt_TexCoord0 * grid;
    vec2 cell = floor(pos);
    vec2 inCell = pos - cell;
    vec4 d = cellData(cell);
    int tier = int(floor(d.r * 255.0 / 50.0 + 0.5));
    vec3 base = tier == 0 ? vramColor.rgb
              : tier == 1 ? pinnedColor.rgb
              : tier == 2 ? slotColor.rgb
              : tier == 3 ? diskColor.rgb
              : denseColor.rgb;
    vec3 c = tier == 4 ? base : base * d.g;
    c = mix(c, vec3(1.0), d.b * 0.85);

    // Neighbours' flashes glow across the shared edge.
    float halo = cellData(cell + vec2(-1.0, 0.0)).b * (1.0 - inCell.x)
               + cellData(cell + vec2(1.0, 0.0)).b * inCell.x
               + cellData(cell + vec2(0.0, -1.0)).b * (1.0 - inCell.y)
               + cellData(cell + vec2(0.0, 1.0)).b * inCell.y;
    c += vec3(1.0, 0.93, 0.78) * halo * 0.22;

    // A 1 px gap between cells once they are big enough to show one.
    vec2 px = inCell * cellPixels;
    float gap = max(cellPixels.x >= 3.0 ? step(cellPixels.x - 1.0, px.x) : 0.0,
                    cellPixels.y >= 3.0 ? step(cellPixels.y - 1.0, px.y) : 0.0);
    c = mix(c, c * 0.3, gap);
    fragColor = vec4(c, 1.0) * qt_Opacity;
}
